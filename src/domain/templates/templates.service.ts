import { inject, injectable } from 'inversify';
import type { ContactsService } from '../contacts/contacts.service';
import { CONTACTS_SERVICE } from '../contacts/contacts.tokens';
import type { Viewer } from '../crm/crm-access';
import { ConflictError, RecordNotFoundError } from '../crm/crm.errors';
import { UNIT_OF_WORK } from '../shared/shared.tokens';
import type { Page, PageRequest } from '../shared/list-page';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import type { DealsService } from '../deals/deals.service';
import { DEALS_SERVICE } from '../deals/deals.tokens';
import { renderTemplate, type EmailTemplate, type RenderedTemplate, type TemplateFields, type TemplateFilter } from './template';
import type { TemplateRepository } from './templates.ports';
import { TEMPLATE_REPOSITORY } from './templates.tokens';

export interface RenderRequest {
  contactId: number;
  dealId?: number;
  /** Values for variables no record provides (e.g. meeting_date). */
  values?: Record<string, string>;
  /** The sender's name ({{user_name}}). */
  userName: string;
}

/** Email templates: read by admins and developers, written by admins (the router applies the table). */
@injectable()
export class TemplatesService {
  constructor(
    @inject(TEMPLATE_REPOSITORY) private readonly templates: TemplateRepository,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CONTACTS_SERVICE) private readonly contacts: ContactsService,
    @inject(DEALS_SERVICE) private readonly deals: DealsService,
  ) {}

  list(_viewer: Viewer, filter: TemplateFilter, page: PageRequest): Promise<Page<EmailTemplate>> {
    return this.templates.list(filter, page);
  }

  async get(_viewer: Viewer, id: number, options: { forUpdate?: boolean } = {}): Promise<EmailTemplate> {
    const template = await this.templates.findById(id, options);
    if (!template) throw new RecordNotFoundError('TEMPLATE.NOT_FOUND', 'Template');
    return template;
  }

  create(viewer: Viewer, fields: Partial<TemplateFields> & Pick<TemplateFields, 'name' | 'subject' | 'body'>): Promise<EmailTemplate> {
    return this.uow.run(() => this.templates.create({ ...fields, createdBy: viewer.id }));
  }

  update(viewer: Viewer, id: number, changes: Partial<TemplateFields>, expectedUpdatedAt?: Date): Promise<EmailTemplate> {
    return this.uow.run(async () => {
      const current = await this.get(viewer, id, { forUpdate: true });
      if (expectedUpdatedAt && current.updatedAt.getTime() !== expectedUpdatedAt.getTime()) throw new ConflictError(current);
      return this.templates.update(id, changes);
    });
  }

  remove(viewer: Viewer, id: number): Promise<void> {
    return this.uow.run(async () => {
      await this.get(viewer, id, { forUpdate: true });
      await this.templates.delete(id);
    });
  }

  /** Fills the template from a contact (and deal) the viewer may read. */
  async render(viewer: Viewer, id: number, request: RenderRequest): Promise<RenderedTemplate & { variables: string[] }> {
    const template = await this.get(viewer, id);
    const contact = await this.contacts.get(viewer, request.contactId);
    const deal = request.dealId === undefined ? null : await this.deals.get(viewer, request.dealId);
    const values: Record<string, string | null | undefined> = {
      ...request.values,
      contact_name: contact.name,
      contact_email: contact.email,
      contact_phone: contact.phone,
      company: contact.company,
      position: contact.position,
      user_name: request.userName,
      ...(deal && {
        deal_title: deal.title,
        deal_value: new Intl.NumberFormat('pt-BR', { style: 'currency', currency: deal.currency }).format(Number(deal.value)),
        deal_stage: deal.stage,
        expected_close_date: deal.expectedCloseDate,
      }),
    };
    return { ...renderTemplate(template, values), variables: template.variables };
  }
}
