import type { ConsentsService } from '../privacy/consents.service';
import { CONSENTS_SERVICE } from '../privacy/privacy.tokens';
import { inject, injectable } from 'inversify';
import type { Contact } from '../contacts/contact';
import type { ContactsService } from '../contacts/contacts.service';
import { CONTACTS_SERVICE } from '../contacts/contacts.tokens';
import { can, type CrmAction } from '../crm/crm-access';
import type { Viewer } from '../shared/viewer';
import { FieldError, RecordNotFoundError } from '../crm/crm.errors';
import { ConflictError } from '../shared/conflict.error';
import type { DealsService } from '../deals/deals.service';
import { DEALS_SERVICE } from '../deals/deals.tokens';
import { ForbiddenError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import type { Page, PageRequest } from '../shared/list-page';
import { CLOCK, UNIT_OF_WORK } from '../shared/shared.tokens';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import type { TimelineService } from '../timeline/timeline.service';
import { TIMELINE_SERVICE } from '../timeline/timeline.tokens';
import { timelineEntry, authorOf } from '../timeline/timeline';
import {
  renderTemplate,
  unknownVariables,
  type EmailTemplate,
  type RenderedTemplate,
  type RenderFormat,
  type TemplateChannel,
  type TemplateFields,
  type TemplateFilter,
} from './template';
import { InactiveTemplateError, MissingValuesError, NoRecipientError, UnknownVariableError } from './templates.errors';
import type { TemplateRepository } from './templates.ports';
import { TEMPLATE_REPOSITORY } from './templates.tokens';

export interface RenderRequest {
  contactId: number;
  /** One of the contact's deals. */
  dealId?: number;
  /** Values for variables no record provides (e.g. meeting_date). */
  values?: Record<string, string>;
  /** html (default): inserted values escaped; text: as written. */
  format?: RenderFormat;
  /** The sender's name ({{user_name}}). */
  userName: string;
}

export interface UseRequest extends Omit<RenderRequest, 'format'> {
  channel: TemplateChannel;
}

export type Rendered = RenderedTemplate & { variables: string[] };

/** The message to send (plain text) and the template with its new count. */
export type TemplateUse = Omit<Rendered, 'missing'> & { template: EmailTemplate };

/** A phone WhatsApp can reach has at least 8 digits (the UI builds the wa.me link from them). */
const reachableByWhatsapp = (phone: string | null) => (phone?.replace(/\D/g, '').length ?? 0) >= 8;

/** Email templates: read and used by everyone signed in, written by admins (CRM_PERMISSIONS). */
@injectable()
export class TemplatesService {
  constructor(
    @inject(TEMPLATE_REPOSITORY) private readonly templates: TemplateRepository,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CONTACTS_SERVICE) private readonly contacts: ContactsService,
    @inject(DEALS_SERVICE) private readonly deals: DealsService,
    @inject(TIMELINE_SERVICE) private readonly timeline: TimelineService,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(CONSENTS_SERVICE) private readonly consents: Pick<ConsentsService, 'assertReachable'>,
  ) {}

  list(viewer: Viewer, filter: TemplateFilter, page: PageRequest): Promise<Page<EmailTemplate>> {
    this.authorize(viewer, 'read');
    return this.templates.list(filter, page);
  }

  async get(viewer: Viewer, id: number, options: { forUpdate?: boolean } = {}): Promise<EmailTemplate> {
    this.authorize(viewer, 'read');
    const template = await this.templates.findById(id, options);
    if (!template) throw new RecordNotFoundError('TEMPLATE.NOT_FOUND', 'Template');
    return template;
  }

  create(
    viewer: Viewer,
    fields: Partial<TemplateFields> & Pick<TemplateFields, 'name' | 'subject' | 'body'>,
  ): Promise<EmailTemplate> {
    this.authorize(viewer, 'create');
    checkVariables(fields);
    return this.uow.run(() => this.templates.create({ ...fields, createdBy: viewer.id }));
  }

  update(
    viewer: Viewer,
    id: number,
    changes: Partial<TemplateFields>,
    expectedUpdatedAt?: Date,
  ): Promise<EmailTemplate> {
    this.authorize(viewer, 'update');
    checkVariables(changes);
    return this.uow.run(async () => {
      const current = await this.get(viewer, id, { forUpdate: true });
      if (expectedUpdatedAt && current.updatedAt.getTime() !== expectedUpdatedAt.getTime())
        throw new ConflictError(current);
      return this.templates.update(id, changes);
    });
  }

  /** The contact's timeline keeps its entries of the template's uses (with the name it had). */
  remove(viewer: Viewer, id: number): Promise<void> {
    this.authorize(viewer, 'delete');
    return this.uow.run(async () => {
      await this.get(viewer, id, { forUpdate: true });
      await this.templates.delete(id);
    });
  }

  /** Fills the template from a contact (and one of its deals) the viewer may read; nothing is counted. */
  async render(viewer: Viewer, id: number, request: RenderRequest): Promise<Rendered> {
    const template = await this.get(viewer, id);
    return (await this.fill(viewer, template, request, request.format ?? 'html')).rendered;
  }

  /**
   * The template used for a contact: filled as plain text (for mailto:, WhatsApp or the clipboard), its
   * use counted and written to the contact's timeline, in one transaction. Refused while placeholders
   * would stay in the message, when the template is deactivated, when the contact cannot be reached
   * on the channel, or revoked consent to it.
   */
  use(viewer: Viewer, id: number, request: UseRequest): Promise<TemplateUse> {
    return this.uow.run(async () => {
      const template = await this.get(viewer, id);
      if (!template.isActive) throw new InactiveTemplateError();
      const { contact, rendered } = await this.fill(viewer, template, request, 'text');
      if (request.channel === 'email' && !contact.email) throw new NoRecipientError('email');
      if (request.channel === 'whatsapp' && !reachableByWhatsapp(contact.phone)) throw new NoRecipientError('whatsapp');
      // A person who revoked consent to the channel is not written to on it (LGPD Art. 8 § 5).
      if (request.channel === 'email' || request.channel === 'whatsapp')
        await this.consents.assertReachable(contact.id, request.channel);
      if (rendered.missing.length > 0) throw new MissingValuesError(rendered.missing);
      const counted = await this.templates.countUse(id, this.clock.now());
      if (!counted) throw new RecordNotFoundError('TEMPLATE.NOT_FOUND', 'Template');
      await this.timeline.record(
        timelineEntry(
          { entityType: 'template', entityId: id, entityName: template.name, contactId: contact.id, visibleTo: null },
          'used',
          authorOf(viewer),
          [
            { field: 'channel', oldValue: null, newValue: request.channel },
            ...(request.dealId === undefined ? [] : [{ field: 'dealId', oldValue: null, newValue: request.dealId }]),
          ],
        ),
      );
      return { subject: rendered.subject, body: rendered.body, variables: rendered.variables, template: counted };
    });
  }

  private async fill(
    viewer: Viewer,
    template: EmailTemplate,
    request: RenderRequest,
    format: RenderFormat,
  ): Promise<{ rendered: Rendered; contact: Contact }> {
    const contact = await this.contacts.get(viewer, request.contactId);
    const deal = request.dealId === undefined ? null : await this.deals.get(viewer, request.dealId);
    // Any person in the deal, not only its primary one.
    if (deal && !deal.contacts.some((person) => person.id === contact.id))
      throw new FieldError('dealId', 'The deal is not one of this contact’s');
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
        deal_value: new Intl.NumberFormat('pt-BR', { style: 'currency', currency: deal.currency }).format(
          Number(deal.value),
        ),
        deal_stage: deal.stage,
        expected_close_date: deal.expectedCloseDate?.split('-').reverse().join('/'),
      }),
    };
    return { rendered: { ...renderTemplate(template, values, format), variables: template.variables }, contact };
  }

  private authorize(viewer: Viewer, action: CrmAction): void {
    if (!can(viewer, 'template', action)) throw new ForbiddenError();
  }
}

/** Each unknown variable of the subject and body being written, named with its field. */
function checkVariables(fields: Partial<Pick<TemplateFields, 'subject' | 'body'>>): void {
  const unknown = (['subject', 'body'] as const).flatMap((field) =>
    fields[field] === undefined ? [] : unknownVariables(fields[field]).map((name) => ({ field, name })),
  );
  if (unknown.length > 0) throw new UnknownVariableError(unknown);
}
