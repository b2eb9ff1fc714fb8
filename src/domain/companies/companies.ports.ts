import type { RecordStore } from '../crm/crm-records';
import type { Page, PageRequest } from '../shared/list-page';
import type { Company, CompanyDealTotals, CompanyFields, CompanyFilter, NewCompany } from './company';

export interface CompanyRepository extends RecordStore<Company, NewCompany, Partial<CompanyFields>> {
  /** Newest first, keyset-paginated. */
  list(filter: CompanyFilter, page: PageRequest): Promise<Page<Company>>;
  /** Its deals (deals.company_id) counted and summed by their stage's kind; a stage no longer listed counts as open. */
  dealTotals(companyId: number): Promise<CompanyDealTotals>;
}
