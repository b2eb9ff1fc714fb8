import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { extractVariables, type EmailTemplate, type NewTemplate, type TemplateFields, type TemplateFilter } from '../../domain/templates/template';
import type { TemplateRepository } from '../../domain/templates/templates.ports';
import { containsPattern, keysetPage } from '../db/keyset-page';
import { KnexRecordStore } from '../crm/knex-record-store';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

@injectable()
export class KnexTemplateRepository extends KnexRecordStore<EmailTemplate, NewTemplate, Partial<TemplateFields>> implements TemplateRepository {
  constructor(@inject(UNIT_OF_WORK) uow: KnexUnitOfWork) {
    super(uow, 'emailTemplates');
  }

  protected selectRecord(db: Knex): Knex.QueryBuilder {
    return db('emailTemplates').select('emailTemplates.*');
  }

  protected override toRecord(row: Record<string, unknown>): EmailTemplate {
    const template = row as unknown as Omit<EmailTemplate, 'variables'>;
    return { ...template, variables: extractVariables(template.subject, template.body) };
  }

  list(filter: TemplateFilter, page: PageRequest): Promise<Page<EmailTemplate>> {
    const query = this.selectRecord(this.uow.db).modify((q) => {
      if (filter.search) {
        const pattern = containsPattern(filter.search);
        q.where((w) => w.whereILike('emailTemplates.name', pattern).orWhereILike('emailTemplates.subject', pattern));
      }
      if (filter.category !== undefined) q.where('emailTemplates.category', filter.category);
      if (filter.isActive !== undefined) q.where('emailTemplates.isActive', filter.isActive);
    });
    return keysetPage(query, 'emailTemplates.id', page, (row: Record<string, unknown>) => this.toRecord(row));
  }
}
