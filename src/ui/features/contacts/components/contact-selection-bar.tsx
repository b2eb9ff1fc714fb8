import {
  ChevronDown,
  CircleDot,
  ListChecks,
  SlidersHorizontal,
  Tag,
  Trash2,
  UserRound,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { formatInteger } from '../../../lib/format';
import type { User } from '../../../lib/session';
import { BULK_FILTER_MAX, useBulkContacts, type BulkContactsResult } from '../api/bulk-contacts';
import { CONTACT_STATUSES, type Contact, type ContactFilters } from '../api/get-contacts';
import { describeResult } from '../bulk-result';
import { useUserChoices } from '../../../lib/api/get-user-choices';
import type { ContactSelection } from '../use-contact-selection';
import { TagCombobox } from './tag-combobox';
import { BulkFieldDialog } from './bulk-field-dialog';
import { labelIn, useCustomFields, type CustomField } from '../../../lib/api/custom-fields';

/** The server takes at most this many ids in one request; a bigger pick goes in several. */
const IDS_PER_REQUEST = 500;

type Change =
  | {
      action: 'update';
      status?: Contact['status'];
      ownerId?: number | null;
      addTags?: string[];
      removeTags?: string[];
      customFields?: Record<string, unknown>;
    }
  | { action: 'delete' };

interface ContactSelectionBarProps {
  selection: ContactSelection;
  /** How many are selected (with "all matching", the list's total). */
  count: number;
  /** The list's total for the current search and filters. */
  total: number | undefined;
  filters: ContactFilters;
  /** The loaded cards, to name refused contacts in the answer. */
  loaded: Contact[];
  me: User;
  onSelectAll: () => void;
  onClear: () => void;
}

/**
 * Sticky over the list while cards are selected: how many, "select all N matching", clear, and the
 * changes for all of them at once (status, owner, add or remove a tag, delete). One request (the ids,
 * or the filters for "all matching"); the toast tells how many changed and why any were refused.
 */
export function ContactSelectionBar({
  selection,
  count,
  total,
  filters,
  loaded,
  me,
  onSelectAll,
  onClear,
}: ContactSelectionBarProps) {
  const { t, i18n } = useTranslation();
  const bulk = useBulkContacts();
  const [dialog, setDialog] = useState<'addTag' | 'removeTag' | 'delete' | CustomField | null>(null);
  const customFields = useCustomFields('contact').data?.items ?? [];
  const isAdmin = me.role === 'admin';
  const owners = useUserChoices(isAdmin);
  const formatted = formatInteger(count);

  /** Sends the change, tells how it went and clears the selection; a refusal of the whole request is thrown. */
  const apply = async (change: Change) => {
    const result =
      selection.kind === 'all'
        ? await bulk.mutateAsync({ filter: filters, ...change })
        : await sendInChunks([...selection.ids], (ids) => bulk.mutateAsync({ ids, ...change }));
    const summary = describeResult(result, change.action, loaded, t);
    toast({
      title: summary.title,
      description: summary.description,
      variant: result.changed === 0 && result.refused.length > 0 ? 'destructive' : 'default',
    });
    setDialog(null);
    onClear();
  };
  const run = async (change: Change) => {
    try {
      await apply(change);
    } catch (error) {
      toast({ variant: 'destructive', title: t('contactsBulk.failed'), description: errorMessage(error, t) });
    }
  };

  const label = (icon: ReactNode, text: string) => (
    <>
      {icon}
      {/* Icons only on phones; the name stays for screen readers. */}
      <span className="sr-only sm:not-sr-only">{text}</span>
    </>
  );

  return (
    <div
      role="region"
      aria-label={t('contactsBulk.barLabel')}
      data-testid="selection-bar"
      className="sticky top-0 z-20 mb-4 grid gap-2 rounded-lg border border-primary/50 bg-surface p-3 text-foreground shadow-md"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="text-sm font-semibold" aria-live="polite" data-testid="selection-count">
          {t('contactsBulk.selected', { count, formatted })}
        </p>
        {selection.kind === 'all' ? (
          <p className="text-sm text-muted-foreground">{t('contactsBulk.allSelected', { count, formatted })}</p>
        ) : total !== undefined && total > count ? (
          total <= BULK_FILTER_MAX ? (
            <Button variant="ghost" size="sm" onClick={onSelectAll} className="text-primary">
              <ListChecks className="h-4 w-4" aria-hidden="true" />
              {t('contactsBulk.selectAll', { count: total, formatted: formatInteger(total) })}
            </Button>
          ) : (
            <p className="text-xs text-muted-foreground">
              {t('contactsBulk.tooMany', { max: formatInteger(BULK_FILTER_MAX) })}
            </p>
          )
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <BulkMenu
          icon={CircleDot}
          text={t('contacts.fields.status')}
          title={t('contactsBulk.statusTo')}
          disabled={bulk.isPending}
        >
          {CONTACT_STATUSES.map((status) => (
            <DropdownMenuItem key={status} onSelect={() => void run({ action: 'update', status })}>
              {t(`contacts.status.${status}`)}
            </DropdownMenuItem>
          ))}
        </BulkMenu>
        <BulkMenu
          icon={UserRound}
          text={t('contacts.fields.owner')}
          title={t('contactsBulk.ownerTo')}
          disabled={bulk.isPending}
          scroll
        >
          {/* Only admins may list the users (GET /api/admin/users); the others can give them to themselves. */}
          {isAdmin && owners.data ? (
            <>
              {owners.data.items.map((user) => (
                <DropdownMenuItem key={user.id} onSelect={() => void run({ action: 'update', ownerId: user.id })}>
                  {user.name}
                </DropdownMenuItem>
              ))}
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={() => void run({ action: 'update', ownerId: null })}>
                {t('contacts.noOwner')}
              </DropdownMenuItem>
            </>
          ) : (
            <DropdownMenuItem onSelect={() => void run({ action: 'update', ownerId: me.id })}>
              {t('contactsBulk.ownerMe', { name: me.name })}
            </DropdownMenuItem>
          )}
        </BulkMenu>
        <BulkMenu icon={Tag} text={t('contacts.fields.tags')} disabled={bulk.isPending}>
          <DropdownMenuItem onSelect={() => setDialog('addTag')}>{t('contactsBulk.addTag')}</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog('removeTag')}>{t('contactsBulk.removeTag')}</DropdownMenuItem>
        </BulkMenu>
        {customFields.length > 0 && (
          <BulkMenu
            icon={SlidersHorizontal}
            text={t('contactsBulk.fields')}
            title={t('contactsBulk.fieldTo')}
            disabled={bulk.isPending}
            scroll
          >
            {customFields.map((field) => (
              <DropdownMenuItem key={field.key} onSelect={() => setDialog(field)}>
                {labelIn(field.label, i18n.language)}
              </DropdownMenuItem>
            ))}
          </BulkMenu>
        )}
        <Button
          variant="outline"
          size="sm"
          className="text-danger"
          disabled={bulk.isPending}
          onClick={() => setDialog('delete')}
        >
          {label(<Trash2 className="h-4 w-4" aria-hidden="true" />, t('contactsBulk.delete'))}
        </Button>
        {bulk.isPending && (
          <span className="inline-flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            {t('contactsBulk.working')}
          </span>
        )}
        <Button variant="ghost" size="sm" onClick={onClear} className="ml-auto">
          {label(<X className="h-4 w-4" aria-hidden="true" />, t('contactsBulk.clear'))}
        </Button>
      </div>
      {(dialog === 'addTag' || dialog === 'removeTag') && (
        <BulkTagDialog
          mode={dialog}
          count={count}
          pending={bulk.isPending}
          onClose={() => setDialog(null)}
          onApply={(tag) =>
            void run(
              dialog === 'addTag' ? { action: 'update', addTags: [tag] } : { action: 'update', removeTags: [tag] },
            )
          }
        />
      )}
      {typeof dialog === 'object' && dialog !== null && (
        <BulkFieldDialog
          field={dialog}
          count={count}
          pending={bulk.isPending}
          onClose={() => setDialog(null)}
          onApply={(values) => apply({ action: 'update', customFields: values })}
        />
      )}
      {dialog === 'delete' && (
        <Dialog open onOpenChange={(open) => !open && setDialog(null)}>
          <DialogContent
            title={t('contactsBulk.deleteDialog.title', { count, formatted })}
            description={t('contactsBulk.deleteDialog.description')}
          >
            <DialogFooter>
              <Button variant="outline" onClick={() => setDialog(null)}>
                {t('common.cancel')}
              </Button>
              <Button variant="destructive" disabled={bulk.isPending} onClick={() => void run({ action: 'delete' })}>
                {bulk.isPending && <Spinner />}
                {t('contactsBulk.deleteDialog.confirm', { count, formatted })}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      )}
    </div>
  );
}

/** One of the bar's menus: its button (the text for screen readers only on phones) and its items. */
function BulkMenu({
  icon: Icon,
  text,
  title,
  disabled,
  scroll,
  children,
}: {
  icon: LucideIcon;
  text: string;
  /** What the items do, above them. */
  title?: string;
  disabled: boolean;
  /** A long list (people, fields) scrolls. */
  scroll?: boolean;
  children: ReactNode;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" disabled={disabled}>
          <Icon className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{text}</span>
          <ChevronDown className="h-3.5 w-3.5" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className={scroll ? 'max-h-80 overflow-y-auto' : undefined}>
        {title && <DropdownMenuLabel className="text-muted-foreground">{title}</DropdownMenuLabel>}
        {children}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A tag to add to (or remove from) every selected contact: typed, or picked from the tags in use. */
function BulkTagDialog({
  mode,
  count,
  pending,
  onClose,
  onApply,
}: {
  mode: 'addTag' | 'removeTag';
  count: number;
  pending: boolean;
  onClose: () => void;
  onApply: (tag: string) => void;
}) {
  const { t } = useTranslation();
  const [tag, setTag] = useState('');
  const formatted = formatInteger(count);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t(`contactsBulk.tagDialog.${mode}Title`, { count, formatted })}
        description={t('contactsBulk.tagDialog.hint')}
      >
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (tag) onApply(tag);
          }}
        >
          <div className="grid gap-1.5">
            <label htmlFor="bulk-tag" className="text-sm font-medium">
              {t('contactsBulk.tagDialog.label')}
            </label>
            <TagCombobox
              id="bulk-tag"
              exclude={tag ? [tag] : []}
              onPick={setTag}
              placeholder={t('contacts.form.tagsPlaceholder')}
              aria-describedby="bulk-tag-chosen"
            />
            <p id="bulk-tag-chosen" className="text-sm" aria-live="polite">
              {tag && t('contactsBulk.tagDialog.chosen', { tag })}
            </p>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!tag || pending}>
              {pending && <Spinner />}
              {t(`contactsBulk.tagDialog.${mode}Confirm`, { count, formatted })}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** More ids than one request takes: one request per 500, the answers added up. */
async function sendInChunks(
  ids: number[],
  send: (ids: number[]) => Promise<BulkContactsResult>,
): Promise<BulkContactsResult> {
  const total: BulkContactsResult = { changed: 0, unchanged: 0, refused: [] };
  for (let start = 0; start < ids.length; start += IDS_PER_REQUEST) {
    const result = await send(ids.slice(start, start + IDS_PER_REQUEST));
    total.changed += result.changed;
    total.unchanged += result.unchanged;
    total.refused.push(...result.refused);
  }
  return total;
}
