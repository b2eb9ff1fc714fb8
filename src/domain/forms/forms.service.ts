import { inject, injectable } from 'inversify';
import type { ActivitiesService } from '../activities/activities.service';
import { ACTIVITIES_SERVICE } from '../activities/activities.tokens';
import type { ContactsService } from '../contacts/contacts.service';
import { CONTACTS_SERVICE } from '../contacts/contacts.tokens';
import { FieldError } from '../crm/crm.errors';
import type { CustomField } from '../custom-fields/custom-field';
import { readCustomCell } from '../custom-fields/custom-field-cell';
import type { CustomFieldsService } from '../custom-fields/custom-fields.service';
import { CUSTOM_FIELDS_SERVICE } from '../custom-fields/custom-fields.tokens';
import type { NotificationRepository } from '../notifications/notifications.ports';
import type { AuditTrail, ConsentRepository } from '../privacy/privacy.ports';
import { AUDIT_TRAIL, CONSENT_REPOSITORY } from '../privacy/privacy.tokens';
import { NOTIFICATION_REPOSITORY } from '../notifications/notifications.tokens';
import type { Clock } from '../shared/clock';
import type { Page, PageRequest } from '../shared/list-page';
import { CLOCK, UNIT_OF_WORK } from '../shared/shared.tokens';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import type { Viewer } from '../shared/viewer';
import type { Role } from '../users/user';
import {
  FORM_CONTACT_FIELDS,
  FORM_MIN_FILL_MS,
  FORMS_MAX,
  type FormContactField,
  type FormSubmissionRecord,
  type LeadForm,
  type LeadFormInput,
  type Submission,
  type SubmissionMeta,
  type SubmissionResult,
} from './lead-form';
import {
  FormLimitError,
  FormNotFoundError,
  FormOriginError,
  FormSlugTakenError,
  FormTooFastError,
} from './forms.errors';
import type { LeadFormRepository } from './forms.ports';
import { FORMS_POLICY, LEAD_FORM_REPOSITORY } from './forms.tokens';

const TASK_TEXT = {
  pt: { subject: 'Responder ao lead {name} (formulário {form})', description: 'Enviado pelo formulário {form}.' },
  en: { subject: 'Reply to the lead {name} (form {form})', description: 'Sent through the form {form}.' },
};
/** The owner's task to answer a lead is due this long after it came. */
const ANSWER_WITHIN_MS = 60 * 60_000;

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => values[k]);

/**
 * Web-to-lead forms: an admin builds them; anyone may send one (`submit`). A submission creates the contact, or
 * updates the one with its e-mail, in the name of the form's owner (one person, or each in turn), with "from form X"
 * in its history; gives the owner a task to answer it; and keeps what was sent with the consent given, all in one
 * transaction. A bot's submission (the hidden field filled) is answered as a success and kept nowhere.
 */
@injectable()
export class FormsService {
  constructor(
    @inject(LEAD_FORM_REPOSITORY) private readonly forms: LeadFormRepository,
    @inject(CONTACTS_SERVICE) private readonly contacts: Pick<ContactsService, 'create' | 'update'>,
    @inject(ACTIVITIES_SERVICE) private readonly activities: Pick<ActivitiesService, 'create'>,
    @inject(CUSTOM_FIELDS_SERVICE) private readonly customFields: Pick<CustomFieldsService, 'list'>,
    @inject(NOTIFICATION_REPOSITORY) private readonly notifications: Pick<NotificationRepository, 'settings'>,
    @inject(CONSENT_REPOSITORY) private readonly consents: Pick<ConsentRepository, 'add' | 'addBasis' | 'basis'>,
    @inject(AUDIT_TRAIL) private readonly audit: Pick<AuditTrail, 'record'>,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(FORMS_POLICY) private readonly policy: { production: boolean },
  ) {}

  list(): Promise<LeadForm[]> {
    return this.forms.list();
  }

  async get(id: number): Promise<LeadForm> {
    const form = await this.forms.findById(id);
    if (!form) throw new FormNotFoundError();
    return form;
  }

  async create(viewer: Viewer, input: LeadFormInput): Promise<LeadForm> {
    if ((await this.forms.count()) >= FORMS_MAX) throw new FormLimitError(FORMS_MAX);
    await this.check(input);
    if (await this.forms.slugTaken(input.slug)) throw new FormSlugTakenError();
    return this.forms.create({
      name: input.name,
      slug: input.slug,
      fields: input.fields,
      consentText: input.consentText ?? null,
      ownerIds: input.ownerIds ?? [],
      thankYou: input.thankYou ?? null,
      redirectUrl: input.redirectUrl ?? null,
      allowedOrigins: input.allowedOrigins ?? [],
      active: input.active ?? true,
      createdBy: viewer.id,
    });
  }

  async update(id: number, changes: Partial<LeadFormInput>): Promise<LeadForm> {
    await this.check(changes);
    if (changes.slug !== undefined && (await this.forms.slugTaken(changes.slug, id))) throw new FormSlugTakenError();
    const updated = await this.forms.update(id, changes, this.clock.now());
    if (!updated) throw new FormNotFoundError();
    return updated;
  }

  async delete(id: number): Promise<void> {
    if (!(await this.forms.delete(id))) throw new FormNotFoundError();
  }

  async submissions(id: number, page: PageRequest): Promise<Page<FormSubmissionRecord>> {
    await this.get(id);
    return this.forms.submissions(id, page);
  }

  /** An active form, for its public page, script and submissions. */
  async published(slug: string): Promise<LeadForm> {
    const form = await this.forms.findBySlug(slug);
    if (!form) throw new FormNotFoundError();
    return form;
  }

  /** The contacts' custom fields by key: how a form's `customFields.<key>` inputs are drawn (their type, options, label). */
  async inputFields(): Promise<Map<string, CustomField>> {
    return new Map((await this.customFields.list('contact')).map((field) => [field.key, field]));
  }

  /** Whether a page of `origin` may send the form (no origin: not a browser's cross-site call). */
  allows(form: LeadForm, origin: string | null): boolean {
    return origin === null || form.allowedOrigins.length === 0 || form.allowedOrigins.includes(origin);
  }

  /** `values` hold only the form's fields, checked for their kind by the caller; required ones are checked here. */
  async submit(form: LeadForm, submission: Submission, meta: SubmissionMeta): Promise<SubmissionResult> {
    const answer = { thankYou: form.thankYou, redirectUrl: form.redirectUrl };
    if (!this.allows(form, meta.origin)) throw new FormOriginError();
    if (submission.website) return { kept: false, ...answer };
    const now = this.clock.now().getTime();
    if (submission.shownAt !== undefined && submission.shownAt <= now && now - submission.shownAt < FORM_MIN_FILL_MS)
      throw new FormTooFastError();
    const custom = await this.customFields.list('contact');
    const values = this.required(form, submission, custom);
    await this.uow.run(async () => {
      const owner = await this.ownerOf(form);
      // The owner's name on the history, with the form's; an owner of any role may be handed a lead.
      const viewer: Viewer = { id: owner.id, role: 'admin', form: form.name };
      const email = values.email as string;
      const existing = await this.forms.lockEmail(email);
      const fields = {
        ...Object.fromEntries(FORM_CONTACT_FIELDS.flatMap((f) => (values[f] ? [[f, values[f]]] : []))),
        ...(values.customFields && { customFields: values.customFields }),
      };
      const contact =
        existing === undefined
          ? await this.contacts.create(viewer, {
              ...fields,
              name: values.name as string,
              source: form.name,
              ownerId: owner.id,
            })
          : await this.contacts.update(viewer, existing, fields);
      const text = TASK_TEXT[(await this.notifications.settings(owner.id)).language];
      await this.activities.create(viewer, {
        type: 'task',
        subject: fill(text.subject, { name: contact.name, form: form.name }).slice(0, 200),
        description: fill(text.description, { form: form.name }),
        priority: 'high',
        dueDate: new Date(now + ANSWER_WITHIN_MS),
        contactId: contact.id,
        assignedTo: owner.id,
      });
      await this.forms.recordSubmission({
        formId: form.id,
        contactId: contact.id,
        created: existing === undefined,
        values: submission.values,
        consent: form.consentText !== null && submission.consent,
        consentText: form.consentText,
        address: meta.address,
        userAgent: meta.userAgent,
        origin: meta.origin,
        ownerId: owner.id,
      });
      // The box ticked is consent to be written to at the e-mail the form asked for (an unticked box revokes nothing).
      const consented = form.consentText !== null && submission.consent;
      if (consented) {
        await this.consents.add({
          contactId: contact.id,
          channel: 'email',
          granted: true,
          text: form.consentText,
          source: 'form',
          address: meta.address,
          recordedBy: owner.id,
        });
        await this.audit.record(null, {
          action: 'consent.recorded',
          contactId: contact.id,
          detail: { channel: 'email', granted: true, source: 'form', form: form.name },
        });
      }
      // A person with no legal basis yet gets one: their consent, or else the preliminary steps of a contract they
      // asked for by sending the form (LGPD Art. 7 V). A basis already recorded stays.
      if (!(await this.consents.basis(contact.id))) {
        const basis = consented ? 'consent' : 'contract';
        await this.consents.addBasis({
          contactId: contact.id,
          basis,
          source: 'form',
          note: consented ? null : `Pedido de contato pelo formulário ${form.name} (art. 7º, V)`,
          recordedBy: owner.id,
        });
        await this.audit.record(null, {
          action: 'legal_basis.recorded',
          contactId: contact.id,
          detail: { legalBasis: basis, source: 'form', form: form.name },
        });
      }
    });
    return { kept: true, ...answer };
  }

  /** The values, the form's required ones present; custom values typed for their fields. */
  private required(form: LeadForm, submission: Submission, custom: CustomField[]): Submission['values'] {
    const values: Submission['values'] = { ...submission.values };
    const sent = submission.values.customFields ?? {};
    const typed: Record<string, unknown> = {};
    for (const { field, required } of form.fields) {
      const key = field.startsWith('customFields.') ? field.slice('customFields.'.length) : null;
      const value = key === null ? values[field as FormContactField] : sent[key];
      const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length);
      if (empty) {
        if (required) throw new FieldError(field, `${field} is required`);
        continue;
      }
      if (key !== null) {
        const definition = custom.find((c) => c.key === key);
        if (definition) typed[key] = typedValue(definition, value);
      }
    }
    if (Object.keys(typed).length) values.customFields = typed;
    else delete values.customFields;
    return values;
  }

  /** The next owner in turn among the form's enabled owners; else its author; else an admin. */
  private async ownerOf(form: LeadForm): Promise<{ id: number; role: Role }> {
    const owners = await this.forms.enabledUsers(form.ownerIds);
    if (owners.length === 1) return owners[0];
    if (owners.length > 1) return owners[(await this.forms.takeTurn(form.id)) % owners.length];
    const [author] = form.createdBy === null ? [] : await this.forms.enabledUsers([form.createdBy]);
    const fallback = author ?? (await this.forms.anyAdmin());
    if (!fallback) throw new FieldError('ownerIds', 'The form has no enabled owner');
    return fallback;
  }

  /** A form asks for a name and an e-mail (a lead is found by it); its custom fields exist; its owners are enabled. */
  private async check(input: Partial<LeadFormInput>): Promise<void> {
    if (input.fields) {
      const names = input.fields.map((f) => f.field);
      for (const needed of ['name', 'email'] as const) {
        const field = input.fields.find((f) => f.field === needed);
        if (!field?.required) throw new FieldError('fields', `fields must hold ${needed}, required`);
      }
      const custom = await this.customFields.list('contact');
      input.fields.forEach(({ field }, index) => {
        if (!field.startsWith('customFields.')) return;
        if (!custom.some((c) => `customFields.${c.key}` === field))
          throw new FieldError(`fields.${index}.field`, `${field} is not a field of contacts`);
      });
      const missing = custom.find((c) => c.required && !names.includes(`customFields.${c.key}`));
      if (missing) throw new FieldError('fields', `fields must hold customFields.${missing.key}: contacts require it`);
    }
    if (input.ownerIds?.length) {
      const enabled = new Set((await this.forms.enabledUsers(input.ownerIds)).map((u) => u.id));
      input.ownerIds.forEach((id, index) => {
        if (!enabled.has(id)) throw new FieldError(`ownerIds.${index}`, `user ${id} does not exist or is disabled`);
      });
    }
    if (input.redirectUrl && this.policy.production && !input.redirectUrl.startsWith('https://'))
      throw new FieldError('redirectUrl', 'redirectUrl must use https');
  }
}

/**
 * A form's text as its custom field's value, read as an import reads a cell (readCustomCell: numbers with a decimal
 * comma, Sim/Não and true/false, an option by its key or label, dd/MM/yyyy); a list (boxes of a multiple choice) read
 * as its parts. A JSON number or boolean is taken as sent (the field's own check follows).
 */
function typedValue(field: CustomField, value: unknown): unknown {
  if (typeof value !== 'string' && !Array.isArray(value)) return value;
  const read = readCustomCell(field, Array.isArray(value) ? value.join(';') : value);
  const path = `customFields.${field.key}`;
  if ('why' in read) throw new FieldError(path, `${path} ${read.why}`);
  return read.ok;
}
