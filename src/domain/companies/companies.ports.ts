import type { RecordStore } from '../crm/crm-records';
import type { Page, PageRequest } from '../shared/list-page';
import type { Company, CompanyFields, CompanyFilter, NewCompany } from './company';

export interface CompanyRepository extends RecordStore<Company, NewCompany, Partial<CompanyFields>> {
  /** Newest first, keyset-paginated. */
  list(filter: CompanyFilter, page: PageRequest): Promise<Page<Company>>;
}
