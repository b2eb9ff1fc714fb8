import type { Request } from 'express';
import { inject, injectable } from 'inversify';
import Joi from 'joi';
import {
  FORM_CONTACT_FIELDS,
  SLUG_PATTERN,
  type FormSubmissionRecord,
  type LeadForm,
  type LeadFormInput,
} from '../../domain/forms/lead-form';
import type { FormsService } from '../../domain/forms/forms.service';
import { FORMS_SERVICE } from '../../domain/forms/forms.tokens';
import { CUSTOM_TARGET } from '../../domain/custom-fields/custom-field-cell';
import { CONFIG } from '../../domain/shared/shared.tokens';
import { cursorQuery, idParams, recordId } from '../crm/crm.schemas';
import { viewerOf } from '../crm/crm-routes';
import { id, NO_CONTENT, pageResponse, responseObject, timestamp } from '../response.schemas';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { plainSnippet, type FormCustomFields } from './form-markup';

const label = Joi.object({
  pt: Joi.string().trim().min(1).max(100).required(),
  en: Joi.string().trim().min(1).max(100).required(),
});
const fieldName = Joi.alternatives(
  Joi.string().valid(...FORM_CONTACT_FIELDS),
  Joi.string().pattern(CUSTOM_TARGET, 'customFields.<key>'),
).description('A contact field (name, email, phone, position, notes) or customFields.<key>');
const origin = Joi.string()
  .uri({ scheme: ['https', 'http'] })
  .pattern(/^https?:\/\/[^/]+$/, 'an origin (scheme and host, no path)')
  .max(200);

const fields = {
  name: Joi.string().trim().min(1).max(100),
  slug: Joi.string()
    .pattern(SLUG_PATTERN, 'lower-case letters, digits and dashes')
    .description('Its address: /f/<slug>'),
  fields: Joi.array()
    .items(Joi.object({ field: fieldName.required(), required: Joi.boolean().required(), label }))
    .min(2)
    .max(30)
    .unique('field')
    .description('In the order shown; name and email are required ones'),
  consentText: Joi.string()
    .trim()
    .max(1000)
    .allow(null)
    .description('Shown beside the consent box and kept with each lead; null: no consent box'),
  ownerIds: Joi.array()
    .items(recordId)
    .max(50)
    .unique()
    .description("Who gets the leads: one person, or each in turn; none: the form's author"),
  thankYou: Joi.string().trim().max(500).allow(null).description('Shown after sending; null: a default message'),
  redirectUrl: Joi.string()
    .uri({ scheme: ['https', 'http'] })
    .max(2000)
    .allow(null)
    .description('Where the browser goes after sending (https in production); null: the thank-you message'),
  allowedOrigins: Joi.array()
    .items(origin)
    .max(20)
    .unique()
    .description('The sites whose pages may send it (https://example.com); none: any'),
  active: Joi.boolean().description('A form turned off answers 404'),
};
const create = Joi.object<LeadFormInput, true>({
  ...fields,
  name: fields.name.required(),
  slug: fields.slug.required(),
  fields: fields.fields.required(),
});
const change = Joi.object<Partial<LeadFormInput>, true>(fields).min(1);

const formKeys = {
  id,
  name: Joi.string(),
  slug: Joi.string(),
  fields: Joi.array().items(
    Joi.object({
      field: Joi.string(),
      required: Joi.boolean(),
      label: Joi.object({ pt: Joi.string(), en: Joi.string() }),
    }),
  ),
  consentText: Joi.string().allow(null),
  ownerIds: Joi.array().items(id),
  thankYou: Joi.string().allow(null),
  redirectUrl: Joi.string().allow(null),
  allowedOrigins: Joi.array().items(Joi.string()),
  active: Joi.boolean(),
  createdBy: id.allow(null),
  submissions: Joi.number().integer().min(0).description('How many were sent (kept ones; bots caught are not)'),
  createdAt: timestamp,
  updatedAt: timestamp,
} satisfies Joi.StrictSchemaMap<LeadForm>;
const formResponse = responseObject({
  ...formKeys,
  embed: responseObject({
    url: Joi.string().description('The hosted page (a link, or an iframe from the allowed sites)'),
    script: Joi.string().description('The script tag (and its place holder) a site pastes where the form goes'),
    html: Joi.string().description('A plain HTML form for sites that allow no scripts (no minimum fill time)'),
  }),
});
const submission = responseObject({
  id,
  contactId: id.allow(null),
  contactName: Joi.string().allow(null),
  created: Joi.boolean().description('True: the lead made the contact; false: it updated the one with its e-mail'),
  consent: Joi.boolean(),
  ownerId: id.allow(null),
  createdAt: timestamp,
} satisfies Joi.StrictSchemaMap<FormSubmissionRecord>);

const BASE = '/api/admin/forms';

/** Web-to-lead forms, for admins: build them, copy their snippets, see what they brought. */
@injectable()
export class FormsRouter implements HttpRouter {
  constructor(
    @inject(FORMS_SERVICE) private readonly forms: FormsService,
    @inject(CONFIG) private readonly config: { publicUrl?: string },
  ) {}

  /** The form with the snippets that publish it, at this deployment's address. */
  private withEmbed(form: LeadForm, req: Request, custom: FormCustomFields) {
    const base = (this.config.publicUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/$/, '');
    const url = `${base}/f/${form.slug}`;
    return {
      ...form,
      embed: {
        url,
        script: `<div data-funil-form="${form.slug}"></div>\n<script src="${url}/embed.js" async></script>`,
        html: plainSnippet(form, url, custom),
      },
    };
  }

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'post',
        path: BASE,
        access: ['admin'],
        tag: 'forms',
        status: 201,
        summary: 'Builds a web-to-lead form, published at /f/<slug>',
        schemas: { body: create },
        response: formResponse,
        errors: ['FORM.SLUG_TAKEN', 'FORM.LIMIT_REACHED'],
        handler: async ({ body }, req) =>
          this.withEmbed(await this.forms.create(viewerOf(req), body), req, await this.forms.inputFields()),
      }),
      defineRoute({
        method: 'get',
        path: BASE,
        access: ['admin'],
        tag: 'forms',
        summary: 'Every form, newest first',
        response: responseObject({ items: Joi.array().items(formResponse) }),
        handler: async (_input, req) => {
          const custom = await this.forms.inputFields();
          return { items: (await this.forms.list()).map((form) => this.withEmbed(form, req, custom)) };
        },
      }),
      defineRoute({
        method: 'get',
        path: `${BASE}/:id`,
        access: ['admin'],
        tag: 'forms',
        summary: 'One form, with its snippets',
        schemas: { params: idParams },
        response: formResponse,
        errors: ['FORM.NOT_FOUND'],
        handler: async ({ params }, req) =>
          this.withEmbed(await this.forms.get(params.id), req, await this.forms.inputFields()),
      }),
      defineRoute({
        method: 'patch',
        path: `${BASE}/:id`,
        access: ['admin'],
        tag: 'forms',
        summary: 'Changes a form (a new slug moves its address: embedded snippets must be pasted again)',
        schemas: { params: idParams, body: change },
        response: formResponse,
        errors: ['FORM.NOT_FOUND', 'FORM.SLUG_TAKEN'],
        handler: async ({ params, body }, req) =>
          this.withEmbed(await this.forms.update(params.id, body), req, await this.forms.inputFields()),
      }),
      defineRoute({
        method: 'delete',
        path: `${BASE}/:id`,
        access: ['admin'],
        tag: 'forms',
        summary: 'Deletes a form and its submissions log (the contacts it made stay)',
        schemas: { params: idParams },
        response: NO_CONTENT,
        errors: ['FORM.NOT_FOUND'],
        handler: async ({ params }) => {
          await this.forms.delete(params.id);
        },
      }),
      defineRoute({
        method: 'get',
        path: `${BASE}/:id/submissions`,
        access: ['admin'],
        tag: 'forms',
        summary: "A form's submissions, newest first: the contact made or updated, the consent, the owner",
        schemas: { params: idParams, query: cursorQuery },
        response: pageResponse(submission),
        errors: ['FORM.NOT_FOUND'],
        handler: ({ params, query }) => this.forms.submissions(params.id, query),
      }),
    ];
  }
}
