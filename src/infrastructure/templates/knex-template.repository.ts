import { inject, injectable } from 'inversify';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import {
  extractVariables,
  type EmailTemplate,
  type NewTemplate,
  type TemplateFields,
  type TemplateFilter,
} from '../../domain/templates/template';
import type { TemplateRepository } from '../../domain/templates/templates.ports';
import { plain, tableModel, type BaseModel } from '../db/base.model';
import { containsPattern } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { KnexRecordStore } from '../crm/knex-record-store';

const TemplateModel = tableModel('emailTemplates', { hasUpdatedAt: true });

const COLUMNS = ['emailTemplates.*'];

@injectable()
export class KnexTemplateRepository
  extends KnexRecordStore<EmailTemplate, NewTemplate, Partial<TemplateFields>>
  implements TemplateRepository
{
  constructor(@inject(UNIT_OF_WORK) uow: KnexUnitOfWork) {
    super(uow, TemplateModel, COLUMNS);
  }

  protected override toRecord(row: BaseModel): EmailTemplate {
    const template = plain<Omit<EmailTemplate, 'variables'>>(row);
    return { ...template, variables: extractVariables(template.subject, template.body) };
  }

  /** Oldest first, so the seeded samples lead; the id orders and pages it (primary key). */
  list(filter: TemplateFilter, page: PageRequest): Promise<Page<EmailTemplate>> {
    const query = this.select().modify((q) => {
      // Case- and accent-insensitive, on the expression of email_templates_search_trgm_index (the search
      // palette's too), so the trigram index serves the LIKE.
      if (filter.search) {
        q.whereRaw(`lower(funil_unaccent(?? || ' ' || ??)) like lower(funil_unaccent(?))`, [
          'emailTemplates.name',
          'emailTemplates.subject',
          containsPattern(filter.search),
        ]);
      }
      if (filter.category !== undefined) q.where('emailTemplates.category', filter.category);
      if (filter.isActive !== undefined) q.where('emailTemplates.isActive', filter.isActive);
    });
    return this.page(query, page, { columns: ['emailTemplates.id'], direction: 'asc' });
  }

  /** A use is no edit: updated_at stays, so an admin's open editor is not told of a conflict. */
  async countUse(id: number, at: Date): Promise<EmailTemplate | null> {
    const db = this.uow.db;
    const [row] = await db('emailTemplates')
      .where({ id })
      .update({ usageCount: db.raw('?? + 1', ['usage_count']), lastUsedAt: at })
      .returning('*');
    return row ? this.toRecord(row as BaseModel) : null;
  }
}
