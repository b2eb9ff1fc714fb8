import { Building2, Plus, SearchX, Upload } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DuplicatesLink } from '../../../components/records/duplicates-link';
import { ExportMenu } from '../../../components/records/export-menu';
import { VirtualCardGrid } from '../../../components/records/virtual-card-grid';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/errors';
import { formatInteger } from '../../../lib/format';
import { NO_ONE, useUser } from '../../../lib/session';
import { companiesExportUrl } from '../api/export-companies';
import { useCompanies, type Company } from '../api/get-companies';
import { CompanyCard } from '../components/company-card';
import { CompanyFiltersBar } from '../components/company-filters';
import { useCompanyFilters } from '../use-company-filters';
import { ListSort, ORDER_PARAMS } from '../../../components/records/list-sort';
import { SavedViewsMenu, StaleViewNotice, useListView } from '../../../components/records/saved-views';
import { COMPANY_SORTS } from '../api/get-companies';
import { ColumnsMenu } from '../../../components/records/columns-menu';
import { LayoutSwitch, useTableLayout } from '../../../components/records/layout-switch';
import { COMPANY_FIXED_COLUMN, useCompanyColumns } from '../components/company-table';
import { RecordTable } from '../../../components/records/record-table';

// Off the path to the first cards: the form (with its validation library) is a chunk of its own, fetched once the
// list is shown (so a click finds it there) or when first needed.
const loadFormDialog = () => import('../components/company-form-dialog');
const CompanyFormDialog = lazy(() => loadFormDialog().then((module) => ({ default: module.CompanyFormDialog })));

/** What the dialog shows: nothing, a new company or one chosen. */
type Editing = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; company: Company };

export function CompaniesPage() {
  const { t } = useTranslation();
  const { data: me } = useUser();
  const { filters, setFilter, setFilters, clearFilters, active: set } = useCompanyFilters();
  // The order is no filter: not counted, not a chip.
  const active = set.filter((name) => !(ORDER_PARAMS as readonly string[]).includes(name));
  const companies = useCompanies(filters);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [table, setTable] = useTableLayout();
  const list = useListView('company', 'cards');
  const columns = useCompanyColumns(me ?? NO_ONE, (company) => setEditing({ mode: 'edit', company }));
  const listShown = companies.isSuccess;
  useEffect(() => {
    if (listShown) void loadFormDialog();
  }, [listShown]);
  if (!me) return null;

  const items = companies.data?.pages.flatMap((page) => page.items) ?? [];
  const total = companies.data?.pages[0]?.total;
  // A filtered list is counted up to 10,000: beyond, "10.000+ empresas", and the export names no number.
  const capped = companies.data?.pages[0]?.totalCapped === true;

  return (
    <>
      <PageHeader
        title={t('companies.title')}
        description={t('companies.subtitle')}
        actions={
          <>
            <DuplicatesLink kind="companies" />
            <Button variant="outline" asChild>
              <Link to="/crm/companies/import">
                <Upload className="h-4 w-4" aria-hidden="true" />
                {t('companyImport.open')}
              </Link>
            </Button>
            <ExportMenu
              urlOf={(options) => companiesExportUrl(filters, options)}
              fileName="companies.csv"
              empty={total === 0}
              summary={
                total === undefined || capped
                  ? t('companies.export.matching')
                  : t('companies.export.count', { count: total, formatted: formatInteger(total) })
              }
            />
            <Button onClick={() => setEditing({ mode: 'create' })}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              {t('companies.new')}
            </Button>
          </>
        }
      />
      <CompanyFiltersBar filters={filters} active={active} me={me} setFilter={setFilter} clearFilters={clearFilters} />
      <StaleViewNotice list={list} />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <SavedViewsMenu entity="company" allLabel={t('companies.allView')} list={list} />
          <p className="text-sm text-muted-foreground" role="status" data-testid="companies-total">
            {total !== undefined &&
              t(capped ? 'companies.totalCapped' : 'companies.total', {
                count: total,
                formatted: formatInteger(total),
              })}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {table && (
            <ColumnsMenu
              all={columns}
              fixed={COMPANY_FIXED_COLUMN}
              chosen={list.state.columns}
              onChange={list.setColumns}
            />
          )}
          <LayoutSwitch table={table} onChange={setTable} />
          <ListSort
            id="companies-sort"
            entity="company"
            columns={COMPANY_SORTS}
            labelOf={(column) => t(`companies.sortBy.${column}`)}
            sort={filters.sort}
            order={filters.order}
            onChange={(sort, order) => setFilters({ sort, order })}
          />
        </div>
      </div>
      {companies.isPending ? (
        <PageSpinner />
      ) : companies.isError ? (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
          {errorMessage(companies.error, t)}
        </p>
      ) : items.length === 0 ? (
        active.length > 0 ? (
          <div className="grid gap-3">
            <EmptyState icon={SearchX} title={t('companies.noMatch')} description={t('companies.noMatchHint')} />
            <Button variant="outline" className="justify-self-center" onClick={clearFilters}>
              {t('listFilters.clear')}
            </Button>
          </div>
        ) : (
          <EmptyState icon={Building2} title={t('companies.empty')} description={t('companies.emptyHint')} />
        )
      ) : table ? (
        <RecordTable
          label={t('companies.list')}
          fixed={COMPANY_FIXED_COLUMN}
          items={items}
          keyOf={(company) => company.id}
          loadingMoreLabel={t('companies.loadingMore')}
          sentinelTestId="companies-sentinel"
          total={capped ? undefined : total}
          sort={filters.sort}
          order={filters.order}
          onSort={(sort, order) => setFilters({ sort, order })}
          hasMore={companies.hasNextPage}
          loadingMore={companies.isFetchingNextPage}
          onLoadMore={() => void companies.fetchNextPage()}
          all={columns}
          chosen={list.state.columns}
          onColumnsChange={list.setColumns}
        />
      ) : (
        <VirtualCardGrid
          items={items}
          keyOf={(company) => company.id}
          renderCard={(company) => (
            <CompanyCard company={company} onOpen={(chosen) => setEditing({ mode: 'edit', company: chosen })} />
          )}
          hasMore={companies.hasNextPage}
          loadingMore={companies.isFetchingNextPage}
          onLoadMore={() => void companies.fetchNextPage()}
          label={t('companies.list')}
          loadingMoreLabel={t('companies.loadingMore')}
          sentinelTestId="companies-sentinel"
          rowEstimate={180}
        />
      )}
      {editing.mode !== 'closed' && (
        <Suspense fallback={null}>
          <CompanyFormDialog
            key={editing.mode === 'edit' ? editing.company.id : 'new'}
            company={editing.mode === 'edit' ? editing.company : null}
            me={me}
            onClose={() => setEditing({ mode: 'closed' })}
          />
        </Suspense>
      )}
    </>
  );
}
