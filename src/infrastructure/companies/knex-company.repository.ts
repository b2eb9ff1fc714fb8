import { foldedColumn, sortColumnOf, sortedPage, type SortColumn } from '../db/sorted-page';
import { inject, injectable } from 'inversify';
import type { QueryBuilder } from 'objection';
import { formatCnpj, normalizeCnpj } from '../../domain/companies/cnpj';
import type {
  Company,
  CompanyDealTotals,
  CompanyFields,
  CompanyFilter,
  CompanySortField,
  NewCompany,
} from '../../domain/companies/company';
import type { CompanyRepository } from '../../domain/companies/companies.ports';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { KnexRecordStore, referenced } from '../crm/knex-record-store';
import { plain, tableModel, type BaseModel } from '../db/base.model';
import { containsPattern, whereFolded } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

export const CompanyModel = tableModel('companies', { jsonAttributes: ['customFields'], hasUpdatedAt: true });

/** Rows hold the CNPJ normalized (what the unique index compares); records show it formatted. */
/** The columns a companies list can be ordered by (companies_*_sort_index and those named in their migration). */
const COMPANY_SORT_COLUMNS: Record<CompanySortField, SortColumn> = {
  name: foldedColumn('companies.name'),
  segment: foldedColumn('companies.segment'),
  size: { sql: 'companies.size', cast: 'text' },
  city: foldedColumn('companies.city'),
  uf: { sql: 'companies.uf', cast: 'text' },
  createdAt: { sql: 'companies.created_at', cast: 'timestamptz' },
  updatedAt: { sql: 'companies.updated_at', cast: 'timestamptz' },
};

@injectable()
export class KnexCompanyRepository
  extends KnexRecordStore<Company, NewCompany, Partial<CompanyFields>>
  implements CompanyRepository
{
  constructor(@inject(UNIT_OF_WORK) uow: KnexUnitOfWork) {
    super(uow, CompanyModel, ['companies.*', referenced('users', 'name', 'companies.ownerId', 'ownerName')]);
  }

  list(filter: CompanyFilter, page: PageRequest): Promise<Page<Company>> {
    // Nothing to match (the companies screen as it opens, and its next pages): a prepared statement, as contacts'.
    if (Object.values(filter).every((value) => value === undefined))
      return this.unfilteredPage('funil_companies_page', page);
    const query = this.select().modify((q) => matching(q, filter));
    if (filter.sort)
      return sortedPage(query, page, filter.sort, sortColumnOf('companies', COMPANY_SORT_COLUMNS, filter.sort), (row) =>
        this.toRecord(row),
      );
    return this.page(query, page);
  }

  /** One pass over deals_company_id_index, each deal's stage found by its key (won and lost by kind, never by name). */
  async dealTotals(companyId: number): Promise<CompanyDealTotals> {
    const { rows } = (await this.uow.db.raw(
      `SELECT coalesce(s.kind, 'open') AS kind, count(*)::int AS count, sum(d.value)::numeric(16, 2)::text AS value
         FROM deals d LEFT JOIN pipeline_stages s ON s.pipeline = d.pipeline AND s.stage = d.stage
        WHERE d.company_id = ?
        GROUP BY 1`,
      [companyId],
    )) as { rows: { kind: keyof CompanyDealTotals; count: number; value: string }[] };
    const tally = (kind: keyof CompanyDealTotals) => {
      const row = rows.find((r) => r.kind === kind);
      return { count: row?.count ?? 0, value: row?.value ?? '0.00' };
    };
    return { open: tally('open'), won: tally('won'), lost: tally('lost') };
  }

  /**
   * The changes of many companies: one statement for each set of fields changed, its values typed as the table's
   * columns by jsonb_populate_record, then one read of the records as they are now, in the order asked.
   */
  async updateBatch(updates: { id: number; changes: Partial<CompanyFields> }[]): Promise<Company[]> {
    const groups = new Map<string, { fields: string[]; rows: Record<string, unknown>[] }>();
    for (const { id, changes } of updates) {
      const columns = this.toColumns(changes) as Record<string, unknown>;
      const fields = Object.keys(columns).sort();
      const group = groups.get(fields.join()) ?? { fields, rows: [] };
      group.rows.push({
        id,
        ...Object.fromEntries(fields.map((f) => [f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), columns[f]])),
      });
      groups.set(fields.join(), group);
    }
    for (const { fields, rows } of groups.values()) {
      if (!fields.length) continue;
      const list = fields.map(() => '??').join(', ');
      // updated_at as every update sets it (BaseModel.$beforeUpdate).
      await this.uow.db.raw(
        `UPDATE companies SET (${list}, updated_at) =
           (SELECT ${list}, greatest(clock_timestamp(), companies.updated_at + interval '1 millisecond')
              FROM jsonb_populate_record(null::companies, v.value) AS r)
           FROM jsonb_array_elements(?::jsonb) AS v
          WHERE companies.id = (v.value->>'id')::int`,
        [...fields, ...fields.map((f) => `r.${f}`), JSON.stringify(rows)],
      );
    }
    const ids = updates.map((u) => u.id);
    const found = new Map(
      (await this.select().whereIn('companies.id', ids)).map((row) => {
        const company = this.toRecord(row);
        return [company.id, company];
      }),
    );
    return ids.map((id) => found.get(id)!);
  }

  /** Stored without punctuation (what the unique index compares); an empty CNPJ is none. */
  protected override toColumns(values: Partial<NewCompany>): object {
    return values.cnpj === undefined ? values : { ...values, cnpj: values.cnpj ? normalizeCnpj(values.cnpj) : null };
  }

  /** Without its search text (a stored column searches read) and the import that made it: not part of a company. */
  protected override toRecord(row: BaseModel): Company {
    // A copy without them rather than `delete`, which would slow every later read of the object.
    const { searchText: _text, importId: _import, ...rest } = row;
    const record = plain<Company>(rest);
    record.cnpj = record.cnpj && formatCnpj(record.cnpj);
    return record;
  }
}

/** The list's filters, each served by an index ending in the id (the migration names them). */
function matching(q: QueryBuilder<BaseModel>, filter: CompanyFilter): void {
  if (filter.search) {
    const search = filter.search;
    // A CNPJ is stored without punctuation: "11.222.333/0001" also finds it (companies_search_trgm_index).
    const bare = normalizeCnpj(search).toLowerCase();
    q.where((w) => {
      w.whereRaw('?? like lower(funil_unaccent(?))', ['companies.searchText', containsPattern(search)]);
      if (bare && bare !== search.toLowerCase() && /\d/.test(bare))
        w.orWhereRaw('?? like ?', ['companies.searchText', containsPattern(bare)]);
    });
  }
  // Accents and case ignored (companies_segment_folded_index, companies_city_folded_index).
  if (filter.segment) whereFolded(q, 'companies.segment', filter.segment);
  if (filter.city) whereFolded(q, 'companies.city', filter.city);
  if (filter.ownerId !== undefined) q.where('companies.ownerId', filter.ownerId);
  if (filter.tag) q.whereRaw('?? @> array[?]::text[]', ['companies.tags', filter.tag]);
  if (filter.uf) q.where('companies.uf', filter.uf);
  // companies_custom_fields_index (GIN, jsonb_path_ops) serves containment.
  if (filter.customFieldMatch)
    q.whereRaw('?? @> ?::jsonb', ['companies.customFields', JSON.stringify(filter.customFieldMatch)]);
}
