import { Bookmark, Star, Users } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import {
  useCreateView,
  useDefaultView,
  useDeleteView,
  useSavedViews,
  useUpdateView,
  type SavedView,
  type ViewEntity,
} from '../../lib/api/saved-views';
import { errorMessage } from '../../lib/errors';
import { idParam } from '../../lib/hooks/use-url-filters';
import {
  formatColumns,
  paramsOfView,
  type FilterCodec,
  sameViewState,
  viewStateOf,
  withoutStale,
  type ViewColumn,
  type ViewLayout,
  type ViewState,
} from '../../lib/view-params';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Dialog, DialogContent, DialogFooter } from '../ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { CheckboxField, Form, FormField, useSchemaForm } from '../ui/form';
import { Input } from '../ui/input';
import { Spinner } from '../ui/spinner';
import { toast } from '../ui/use-toast';

/** `view=` of "all": the list as it comes, no view. A Radio item cannot hold ''. */
const ALL = 'all';

/**
 * A list's saved views against its URL: the view it started from (`view=<id>`), whether the URL changed it since
 * ("modified"), and, when the list opens with nothing in its URL, the person's default view put there (once).
 */
export function useListView(entity: ViewEntity, ownLayout: ViewLayout, codec?: FilterCodec) {
  const [params, setParams] = useSearchParams();
  const views = useSavedViews(entity);
  const items = useMemo(() => views.data?.items ?? [], [views.data]);
  const current = items.find((view) => view.id === idParam(params.get('view')));
  const state = useMemo(() => viewStateOf(params, ownLayout, codec), [params, ownLayout, codec]);
  // The view's stale parts are no change either way (the notice tells of them).
  const modified =
    current !== undefined && !sameViewState(withoutStale(state, current), withoutStale(current, current));

  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !views.data) return;
    opened.current = true;
    const preferred = views.data.items.find((view) => view.isDefault);
    if (preferred && [...params.keys()].length === 0)
      setParams(paramsOfView(preferred, ownLayout, codec), { replace: true });
  }, [views.data, params, setParams, ownLayout, codec]);

  const open = (view: SavedView | undefined) =>
    setParams((current) => {
      if (view) return paramsOfView(view, ownLayout, codec);
      // The whole list: no filter, no view; what the list keeps (the board's pipeline) stays.
      const kept = (codec?.kept ?? []).filter((name) => current.has(name));
      return new URLSearchParams(kept.map((name) => [name, current.get(name)!]));
    });
  const update = useUpdateView();
  /** The URL's state saved into its view (less any stale part), then shown as the view now is. */
  const save = async () => {
    if (!current) return;
    open(await update.mutateAsync({ id: current.id, body: withoutStale(state, current) }));
  };
  /** The table's columns as chosen (none: the table's own). */
  const setColumns = (columns: ViewColumn[]) =>
    setParams((params) => {
      const next = new URLSearchParams(params);
      if (columns.length > 0) next.set('columns', formatColumns(columns));
      else next.delete('columns');
      return next;
    });
  return { views: items, current, state, modified, open, save, saving: update.isPending, setColumns };
}

type ListView = ReturnType<typeof useListView>;

/**
 * The views menu of a list: choose a view (own ones, then the team's shared ones; a star marks the one the list opens
 * with) or the whole list; save the URL's changes to the view (its author, or an admin for a shared one), save them as
 * a new view, discard them; make it the default, share it, delete it.
 */
export function SavedViewsMenu({ entity, allLabel, list }: { entity: ViewEntity; allLabel: string; list: ListView }) {
  const { t } = useTranslation();
  const { views, current, state, modified, open, save } = list;
  const update = useUpdateView();
  const makeDefault = useDefaultView();
  const [dialog, setDialog] = useState<'save-as' | 'delete' | null>(null);
  const own = views.filter((view) => !view.shared || view.canEdit);
  const team = views.filter((view) => view.shared && !view.canEdit);
  const run = async (work: Promise<unknown>, done: string) => {
    try {
      await work;
      toast({ title: done });
    } catch (error) {
      toast({ title: errorMessage(error, t), variant: 'destructive' });
    }
  };
  const item = (view: SavedView) => (
    <DropdownMenuRadioItem key={view.id} value={String(view.id)}>
      {view.isDefault && <Star className="h-3.5 w-3.5 shrink-0 fill-current" aria-label={t('savedViews.default')} />}
      <span className="truncate">{view.name}</span>
      {view.shared && view.canEdit && (
        <Users className="h-3.5 w-3.5 shrink-0 text-muted-foreground" aria-label={t('savedViews.sharedMark')} />
      )}
    </DropdownMenuRadioItem>
  );

  return (
    <>
      {/* Not modal: the list stays in the accessibility tree while the menu is open (it hides nothing). */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" data-testid="views-menu">
            <Bookmark className="h-4 w-4" aria-hidden="true" />
            <span className="max-w-48 truncate">{current?.name ?? allLabel}</span>
            {modified && <Badge data-testid="view-modified">{t('savedViews.modified')}</Badge>}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-72">
          <DropdownMenuRadioGroup
            value={current ? String(current.id) : ALL}
            onValueChange={(value) => open(views.find((view) => String(view.id) === value))}
          >
            <DropdownMenuRadioItem value={ALL}>{allLabel}</DropdownMenuRadioItem>
            {own.length > 0 && (
              <DropdownMenuLabel className="text-xs text-muted-foreground">{t('savedViews.mine')}</DropdownMenuLabel>
            )}
            {own.map(item)}
            {team.length > 0 && (
              <DropdownMenuLabel className="text-xs text-muted-foreground">{t('savedViews.team')}</DropdownMenuLabel>
            )}
            {team.map(item)}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          {current && modified && current.canEdit && (
            <DropdownMenuItem onSelect={() => void run(save(), t('savedViews.saved'))}>
              {t('savedViews.save')}
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => setDialog('save-as')}>{t('savedViews.saveAs')}</DropdownMenuItem>
          {current && modified && (
            <DropdownMenuItem onSelect={() => open(current)}>{t('savedViews.discard')}</DropdownMenuItem>
          )}
          {current && (
            <DropdownMenuItem
              onSelect={() =>
                void run(
                  makeDefault.mutateAsync({ id: current.id, isDefault: !current.isDefault }),
                  t(current.isDefault ? 'savedViews.defaultCleared' : 'savedViews.defaultSet'),
                )
              }
            >
              {t(current.isDefault ? 'savedViews.clearDefault' : 'savedViews.setDefault')}
            </DropdownMenuItem>
          )}
          {current?.canEdit && (
            <DropdownMenuItem
              onSelect={() =>
                void run(
                  update.mutateAsync({ id: current.id, body: { shared: !current.shared } }),
                  t(current.shared ? 'savedViews.unsharedDone' : 'savedViews.sharedDone'),
                )
              }
            >
              {t(current.shared ? 'savedViews.unshare' : 'savedViews.share')}
            </DropdownMenuItem>
          )}
          {current?.canEdit && (
            <DropdownMenuItem className="text-danger" onSelect={() => setDialog('delete')}>
              {t('savedViews.delete')}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {dialog === 'save-as' && (
        <SaveViewDialog
          entity={entity}
          state={state}
          onClose={() => setDialog(null)}
          onSaved={(view) => {
            setDialog(null);
            open(view);
          }}
        />
      )}
      {dialog === 'delete' && current && (
        <DeleteViewDialog view={current} onClose={() => setDialog(null)} onDeleted={() => open(undefined)} />
      )}
    </>
  );
}

/** What the view names that the list no longer has: left out of the list, named here, gone once the view is saved. */
export function StaleViewNotice({ list }: { list: ListView }) {
  const { t } = useTranslation();
  const { current, save, saving } = list;
  if (!current || current.warnings.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="stale-view"
      className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm"
    >
      <div className="grid gap-0.5">
        <p className="font-medium">{t('savedViews.staleTitle', { name: current.name })}</p>
        <ul className="list-disc pl-5 text-muted-foreground">
          {current.warnings.map((warning) => (
            <li key={warning.path}>{warning.message}</li>
          ))}
        </ul>
      </div>
      {current.canEdit && (
        <Button
          variant="outline"
          size="sm"
          disabled={saving}
          onClick={() =>
            save().then(
              () => toast({ title: t('savedViews.saved') }),
              (error: unknown) => toast({ title: errorMessage(error, t), variant: 'destructive' }),
            )
          }
        >
          {t('savedViews.saveWithout')}
        </Button>
      )}
    </div>
  );
}

const viewFormSchema = z.object({
  name: z.string().trim().min(1).max(80),
  shared: z.boolean(),
});

function SaveViewDialog({
  entity,
  state,
  onClose,
  onSaved,
}: {
  entity: ViewEntity;
  state: ViewState;
  onClose: () => void;
  onSaved: (view: SavedView) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateView();
  const form = useSchemaForm(viewFormSchema, { name: '', shared: false });
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent title={t('savedViews.saveAsTitle')} description={t('savedViews.saveAsDescription')}>
        <Form
          form={form}
          id="save-view"
          onSubmit={async ({ name, shared }) => {
            const view = await create.mutateAsync({ entity, name, shared, ...state });
            toast({ title: t('savedViews.saved') });
            onSaved(view);
          }}
          onError={(error, { onField }) => !onField && toast({ title: errorMessage(error, t), variant: 'destructive' })}
          className="grid gap-4"
        >
          <FormField
            control={form.control}
            name="name"
            label={t('savedViews.name')}
            render={(field) => <Input {...field} maxLength={80} autoComplete="off" />}
          />
          <CheckboxField
            control={form.control}
            name="shared"
            id="save-view-shared"
            label={t('savedViews.shareField')}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('savedViews.cancel')}
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting && <Spinner />}
              {t('savedViews.saveButton')}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteViewDialog({
  view,
  onClose,
  onDeleted,
}: {
  view: SavedView;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteView();
  return (
    <ConfirmDialog
      title={t('savedViews.deleteTitle', { name: view.name })}
      description={t(view.shared ? 'savedViews.deleteSharedDescription' : 'savedViews.deleteDescription')}
      confirmLabel={t('savedViews.delete')}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutateAsync(view.id).then(
          () => {
            toast({ title: t('savedViews.deleted') });
            onClose();
            onDeleted();
          },
          (error: unknown) => {
            toast({ title: errorMessage(error, t), variant: 'destructive' });
            onClose();
          },
        )
      }
    />
  );
}
