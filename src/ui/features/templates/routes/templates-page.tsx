import { FileText, Plus, Search, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { Select } from '../../../components/ui/select';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { formatInteger } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { useTemplatePages, type Template, type TemplateFilters } from '../api/get-templates';
import { useUpdateTemplate } from '../api/save-template';
import { DeleteTemplateDialog } from '../components/delete-template-dialog';
import { TemplateCard } from '../components/template-card';
import { TemplateEditorDialog } from '../components/template-editor-dialog';
import { TemplatePreviewDialog } from '../components/template-preview-dialog';
import { categoryLabel, TEMPLATE_CATEGORIES } from '../template-categories';
import { useDebouncedValue } from '../../../lib/hooks/use-debounced-value';

const SEARCH_DEBOUNCE_MS = 250;
const ALL = 'all';
const STATUSES = [ALL, 'active', 'inactive'] as const;
type Status = (typeof STATUSES)[number];

/** Ids as the API takes them; anything else in ?template= opens nothing. */
const idOf = (param: string | null): number | null =>
  param && /^[1-9]\d{0,9}$/.test(param) && Number(param) <= 2_147_483_647 ? Number(param) : null;

type Editing = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; template: Template };

/**
 * /crm/templates: the templates as cards, searched by name or subject and filtered by category and
 * status (all kept in the URL, with the preview: ?template=<id>); admins create, edit, deactivate and
 * delete them.
 */
export function TemplatesPage() {
  const { t } = useTranslation();
  const { data: me } = useUser();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? ALL;
  const status: Status = (STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as Status)
    : ALL;
  const previewId = idOf(params.get('template'));
  const [search, setSearch] = useState(q);
  const settled = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<Template | null>(null);
  const update = useUpdateTemplate();

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '' || value === ALL) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: name !== 'template' },
    );
  // The search box follows the URL (back, a shared link); the URL follows the typing once it settles.
  useEffect(() => setSearch(q), [q]);
  useEffect(() => {
    if (settled !== q.trim()) setParam('q', settled);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the typing settles
  }, [settled]);

  const filters: TemplateFilters = {
    ...(q.trim() && { search: q.trim() }),
    ...(category !== ALL && { category }),
    ...(status !== ALL && { active: status === 'active' }),
  };
  const templates = useTemplatePages(filters);
  if (!me) return null;
  const isAdmin = me.role === 'admin';
  const items = templates.data?.pages.flatMap((page) => page.items) ?? [];
  const total = templates.data?.pages[0]?.total;
  const filtered = Object.keys(filters).length > 0;
  const categories = [
    ...TEMPLATE_CATEGORIES,
    ...(category !== ALL && !(TEMPLATE_CATEGORIES as readonly string[]).includes(category) ? [category] : []),
  ];

  const toggleActive = (template: Template) =>
    update.mutate(
      { id: template.id, body: { isActive: !template.isActive, updatedAt: template.updatedAt } },
      {
        onSuccess: (saved) =>
          toast({
            title: saved.isActive
              ? t('templates.activated', { name: saved.name })
              : t('templates.deactivated', { name: saved.name }),
          }),
        onError: (error) =>
          toast({ variant: 'destructive', title: t('templates.saveFailed'), description: errorMessage(error, t) }),
      },
    );

  return (
    <>
      <PageHeader
        title={t('templates.title')}
        description={t('templates.subtitle')}
        actions={
          isAdmin && (
            <Button onClick={() => setEditing({ mode: 'create' })}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              {t('templates.new')}
            </Button>
          )
        }
      />
      <div
        className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]"
        role="search"
        aria-label={t('templates.filters.label')}
      >
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('templates.filters.search')}
            aria-label={t('templates.filters.search')}
            className="pl-9"
            maxLength={200}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor="templates-category" className="sr-only">
            {t('templates.filters.category')}
          </label>
          <Select
            id="templates-category"
            value={category}
            onValueChange={(value) => setParam('category', value)}
            options={[
              { value: ALL, label: t('templates.filters.allCategories') },
              ...categories.map((value) => ({ value, label: categoryLabel(value, t) })),
            ]}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor="templates-status" className="sr-only">
            {t('templates.filters.status')}
          </label>
          <Select
            id="templates-status"
            value={status}
            onValueChange={(value) => setParam('status', value)}
            options={STATUSES.map((value) => ({ value, label: t(`templates.filters.statuses.${value}`) }))}
          />
        </div>
      </div>
      <p className="mb-3 text-sm text-muted-foreground" role="status" data-testid="templates-total">
        {total !== undefined && t('templates.total', { count: total, formatted: formatInteger(total) })}
      </p>
      {templates.isPending ? (
        <PageSpinner />
      ) : templates.isError ? (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {errorMessage(templates.error, t)}
        </p>
      ) : items.length === 0 ? (
        filtered ? (
          <div className="grid gap-3">
            <EmptyState icon={SearchX} title={t('templates.noMatch')} description={t('templates.noMatchHint')} />
            <Button
              variant="outline"
              className="justify-self-center"
              onClick={() => setParams(new URLSearchParams(), { replace: true })}
            >
              {t('templates.filters.clear')}
            </Button>
          </div>
        ) : (
          <EmptyState icon={FileText} title={t('templates.empty')} description={t('templates.emptyHint')} />
        )
      ) : (
        <div className="grid gap-4">
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('templates.title')}>
            {items.map((template) => (
              <li key={template.id}>
                <TemplateCard
                  template={template}
                  onPreview={() => setParam('template', String(template.id))}
                  admin={
                    isAdmin
                      ? {
                          onEdit: () => setEditing({ mode: 'edit', template }),
                          onToggleActive: () => toggleActive(template),
                          onDelete: () => setDeleting(template),
                          busy: update.isPending && update.variables?.id === template.id,
                        }
                      : undefined
                  }
                />
              </li>
            ))}
          </ul>
          {templates.hasNextPage && (
            <Button
              variant="outline"
              className="justify-self-center"
              onClick={() => void templates.fetchNextPage()}
              disabled={templates.isFetchingNextPage}
            >
              {templates.isFetchingNextPage && <Spinner />}
              {t('templates.more')}
            </Button>
          )}
        </div>
      )}
      {previewId !== null && (
        <TemplatePreviewDialog
          key={previewId}
          id={previewId}
          onClose={() => setParam('template', null)}
          onEdit={
            isAdmin
              ? (template) => {
                  setParam('template', null);
                  setEditing({ mode: 'edit', template });
                }
              : undefined
          }
        />
      )}
      {editing.mode !== 'closed' && (
        <TemplateEditorDialog
          key={editing.mode === 'edit' ? editing.template.id : 'new'}
          template={editing.mode === 'edit' ? editing.template : null}
          onClose={() => setEditing({ mode: 'closed' })}
        />
      )}
      {deleting && <DeleteTemplateDialog template={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
