import { inject, injectable } from 'inversify';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { extractVariables, type EmailTemplate, type NewTemplate, type TemplateFields, type TemplateFilter } from '../../domain/templates/template';
import type { TemplateRepository } from '../../domain/templates/templates.ports';
import { plain, tableModel, type BaseModel } from '../db/base.model';
import { containsPattern } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { KnexRecordStore } from '../crm/knex-record-store';

const TemplateModel = tableModel('emailTemplates', { hasUpdatedAt: true });

@injectable()
export class KnexTemplateRepository extends KnexRecordStore<EmailTemplate, NewTemplate, Partial<TemplateFields>> implements TemplateRepository {
  constructor(@inject(UNIT_OF_WORK) uow: KnexUnitOfWork) {
    super(uow, TemplateModel, ['emailTemplates.*']);
  }

  protected override toRecord(row: BaseModel): EmailTemplate {
    const template = plain<Omit<EmailTemplate, 'variables'>>(row);
    return { ...template, variables: extractVariables(template.subject, template.body) };
  }

  list(filter: TemplateFilter, page: PageRequest): Promise<Page<EmailTemplate>> {
    const query = this.select().modify((q) => {
      if (filter.search) {
        const pattern = containsPattern(filter.search);
        q.where((w) => w.whereILike('emailTemplates.name', pattern).orWhereILike('emailTemplates.subject', pattern));
      }
      if (filter.category !== undefined) q.where('emailTemplates.category', filter.category);
      if (filter.isActive !== undefined) q.where('emailTemplates.isActive', filter.isActive);
    });
    return this.page(query, page);
  }
}
