import type { RecordStore } from '../crm/crm-records';
import type { Page, PageRequest } from '../shared/list-page';
import type { EmailTemplate, NewTemplate, TemplateFields, TemplateFilter } from './template';

export interface TemplateRepository extends RecordStore<EmailTemplate, NewTemplate, Partial<TemplateFields>> {
  list(filter: TemplateFilter, page: PageRequest): Promise<Page<EmailTemplate>>;
  /** One more use, at `at`; null when there is no such template. */
  countUse(id: number, at: Date): Promise<EmailTemplate | null>;
}
