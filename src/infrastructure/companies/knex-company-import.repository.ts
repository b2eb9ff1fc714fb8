import { inject, injectable } from 'inversify';
import { raw } from 'objection';
import { normalizeCnpj } from '../../domain/companies/cnpj';
import type { Company } from '../../domain/companies/company';
import type { CompanyMatchIndex } from '../../domain/companies/company-import';
import type { CompanyImportRepository } from '../../domain/companies/company-imports.ports';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { arrayBinding } from '../db/array-binding';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { KnexCompanyRepository } from './knex-company.repository';

/** The companies import's lookups, on the companies' records as their repository reads them. */
@injectable()
export class KnexCompanyImportRepository extends KnexCompanyRepository implements CompanyImportRepository {
  constructor(@inject(UNIT_OF_WORK) uow: KnexUnitOfWork) {
    super(uow);
  }

  /** Three lookups: companies_cnpj_unique, a scan of the domains (a few thousand companies), companies_name_key_index. */
  async importMatches(refs: { cnpjs: string[]; domains: string[]; names: string[] }): Promise<CompanyMatchIndex> {
    const { rows: keys } = (await this.uow.db.raw(
      'SELECT n.name, funil_name_key(n.name) AS key FROM unnest(?::text[]) AS n(name)',
      [arrayBinding(refs.names)],
    )) as { rows: { name: string; key: string }[] };
    const index: CompanyMatchIndex = {
      byCnpj: new Map(),
      byDomain: new Map(),
      nameKeys: new Map(keys.map((k) => [k.name, k.key])),
      byNameKey: new Map(),
    };
    const add = <K>(map: Map<K, Company[]>, key: K, company: Company) =>
      map.set(key, [...(map.get(key) ?? []), company]);
    if (refs.cnpjs.length)
      for (const row of await this.select().whereIn('companies.cnpj', refs.cnpjs)) {
        const company = this.toRecord(row);
        index.byCnpj.set(normalizeCnpj(company.cnpj!), company);
      }
    if (refs.domains.length)
      for (const row of await this.select().whereIn('companies.emailDomain', refs.domains).orderBy('companies.id')) {
        const company = this.toRecord(row);
        add(index.byDomain, company.emailDomain!, company);
      }
    if (keys.length) {
      const rows = await this.select()
        .select(raw('funil_name_key(??) AS ??', ['companies.name', 'nameKey']))
        .whereRaw('funil_name_key(??) = any(?::text[])', [
          'companies.name',
          arrayBinding([...new Set(keys.map((k) => k.key))]),
        ])
        .orderBy('companies.id');
      for (const row of rows) {
        const { nameKey, ...company } = this.toRecord(row) as Company & { nameKey: string };
        add(index.byNameKey, nameKey, company);
      }
    }
    return index;
  }

  async lockImports(): Promise<void> {
    // The key the contacts import takes while it makes companies: the two never make the same company twice.
    await this.uow.db.raw("SELECT pg_advisory_xact_lock(hashtext('funil.import-companies'))");
  }
}
