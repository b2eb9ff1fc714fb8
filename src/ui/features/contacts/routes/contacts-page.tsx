import { Plus, SearchX, Upload, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DuplicatesLink } from '../../../components/records/duplicates-link';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/errors';
import { formatInteger } from '../../../lib/format';
import { NO_ONE, useUser } from '../../../lib/session';
import { useContacts, type Contact } from '../api/get-contacts';
import { ContactFiltersBar } from '../components/contact-filters';
import { ContactGrid } from '../components/contact-grid';
import { CONTACT_FIXED_COLUMN, ContactTable, useContactColumns } from '../components/contact-table';
import { ColumnsMenu } from '../../../components/records/columns-menu';
import { SavedViewsMenu, StaleViewNotice, useListView } from '../../../components/records/saved-views';
import { LayoutSwitch, useTableLayout } from '../../../components/records/layout-switch';
import { ExportMenu } from '../components/export-menu';
import { useContactFilters } from '../use-contact-filters';
import { ListSort, ORDER_PARAMS } from '../../../components/records/list-sort';
import { CONTACT_SORTS } from '../api/get-contacts';
import { useContactSelection } from '../use-contact-selection';

// Off the path to the first cards: the form (with its validation library) and the bulk actions are chunks of
// their own, fetched once the list is shown (so a click finds them there) or when first needed.
const loadFormDialog = () => import('../components/contact-form-dialog');
const loadSelectionBar = () => import('../components/contact-selection-bar');
const ContactFormDialog = lazy(() => loadFormDialog().then((module) => ({ default: module.ContactFormDialog })));
const ContactSelectionBar = lazy(() => loadSelectionBar().then((module) => ({ default: module.ContactSelectionBar })));

/** What the dialog shows: nothing, a new contact (SPEC: create mode) or one chosen (edit mode). */
type Editing = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; contact: Contact };

export function ContactsPage() {
  const { t } = useTranslation();
  const { data: me } = useUser();
  const { filters, setFilter, setFilters, clearFilters, active: set } = useContactFilters();
  // The order is no filter: not counted, not a chip.
  const active = set.filter((name) => !(ORDER_PARAMS as readonly string[]).includes(name));
  const contacts = useContacts(filters);
  const [table, setTable] = useTableLayout();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const list = useListView('contact', 'cards');
  const columns = useContactColumns(me ?? NO_ONE, (contact) => setEditing({ mode: 'edit', contact }));
  // Cleared whenever the filters change.
  const selection = useContactSelection(filters);
  const listShown = contacts.isSuccess;
  useEffect(() => {
    if (listShown) void Promise.all([loadFormDialog(), loadSelectionBar()]);
  }, [listShown]);
  if (!me) return null;

  const items = contacts.data?.pages.flatMap((page) => page.items) ?? [];
  const total = contacts.data?.pages[0]?.total;
  // A filtered list is counted up to 10,000, a search up to 1,000: beyond, "10.000+ contatos" or "1.000+ contatos", and
  // neither select-all nor export names a number.
  const capped = contacts.data?.pages[0]?.totalCapped === true;
  const selectedCount = selection.count(total);

  return (
    <>
      <PageHeader
        title={t('contacts.title')}
        description={t('contacts.subtitle')}
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/crm/contacts/import">
                <Upload className="h-4 w-4" aria-hidden="true" />
                {t('contactImport.open')}
              </Link>
            </Button>
            <DuplicatesLink kind="contacts" />
            <ExportMenu filters={filters} total={capped ? undefined : total} />
            <Button onClick={() => setEditing({ mode: 'create' })}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              {t('contacts.new')}
            </Button>
          </>
        }
      />
      <ContactFiltersBar
        filters={filters}
        active={active}
        me={me}
        setFilter={setFilter}
        setFilters={setFilters}
        clearFilters={clearFilters}
      />
      <StaleViewNotice list={list} />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <SavedViewsMenu entity="contact" allLabel={t('contacts.allView')} list={list} />
          <p className="text-sm text-muted-foreground" role="status" data-testid="contacts-total">
            {total !== undefined &&
              t(capped ? 'contacts.totalCapped' : 'contacts.total', { count: total, formatted: formatInteger(total) })}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {table && (
            <ColumnsMenu
              all={columns}
              fixed={CONTACT_FIXED_COLUMN}
              chosen={list.state.columns}
              onChange={list.setColumns}
            />
          )}
          <LayoutSwitch table={table} onChange={setTable} />
          <ListSort
            id="contacts-sort"
            entity="contact"
            columns={CONTACT_SORTS}
            labelOf={(column) => t(`contacts.sort.by.${column}`)}
            sort={filters.sort}
            order={filters.order}
            onChange={(sort, order) => setFilters({ sort, order })}
          />
        </div>
      </div>
      {selectedCount > 0 && (
        <Suspense fallback={null}>
          <ContactSelectionBar
            selection={selection.selection}
            count={selectedCount}
            total={capped ? Number.POSITIVE_INFINITY : total}
            filters={filters}
            loaded={items}
            me={me}
            onSelectAll={selection.selectAll}
            onClear={selection.clear}
          />
        </Suspense>
      )}
      {contacts.isPending ? (
        <PageSpinner />
      ) : contacts.isError ? (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {errorMessage(contacts.error, t)}
        </p>
      ) : items.length === 0 ? (
        active.length > 0 ? (
          <div className="grid gap-3">
            <EmptyState icon={SearchX} title={t('contacts.noMatch')} description={t('contacts.noMatchHint')} />
            <Button variant="outline" className="justify-self-center" onClick={clearFilters}>
              {t('contacts.filters.clear')}
            </Button>
          </div>
        ) : (
          <EmptyState icon={Users} title={t('contacts.empty')} description={t('contacts.emptyHint')} />
        )
      ) : table ? (
        <ContactTable
          contacts={items}
          total={capped ? undefined : total}
          sort={filters.sort}
          order={filters.order}
          onSort={(sort, order) => setFilters({ sort, order })}
          hasMore={contacts.hasNextPage}
          loadingMore={contacts.isFetchingNextPage}
          onLoadMore={() => void contacts.fetchNextPage()}
          all={columns}
          chosen={list.state.columns}
          onColumnsChange={list.setColumns}
          isSelected={selection.isSelected}
          onSelect={(contact, range) => selection.toggle(contact, range, items)}
        />
      ) : (
        <ContactGrid
          contacts={items}
          hasMore={contacts.hasNextPage}
          loadingMore={contacts.isFetchingNextPage}
          onLoadMore={() => void contacts.fetchNextPage()}
          onOpen={(contact) => setEditing({ mode: 'edit', contact })}
          isSelected={selection.isSelected}
          onSelect={(contact, range) => selection.toggle(contact, range, items)}
        />
      )}
      {editing.mode !== 'closed' && (
        <Suspense fallback={null}>
          <ContactFormDialog
            key={editing.mode === 'edit' ? editing.contact.id : 'new'}
            contact={editing.mode === 'edit' ? editing.contact : null}
            me={me}
            onClose={() => setEditing({ mode: 'closed' })}
          />
        </Suspense>
      )}
    </>
  );
}
