import type { Request } from 'express';
import { inject, injectable } from 'inversify';
import Joi from 'joi';
import { actorOf } from '../../domain/privacy/consents.service';
import { AUDIT_ACTIONS, type AuditActor, type AuditEntry } from '../../domain/privacy/privacy-audit';
import {
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_STATUSES,
  type PrivacyRequest,
  type PrivacyRequestChanges,
  type PrivacyRequestStatus,
} from '../../domain/privacy/privacy-request';
import type { NewRequestInput, PrivacyRequestsService } from '../../domain/privacy/privacy-requests.service';
import { PRIVACY_REQUESTS_SERVICE } from '../../domain/privacy/privacy.tokens';
import { SUBJECT_SECTIONS } from '../../domain/privacy/subject-data';
import { LIST_LIMIT_MAX } from '../../domain/shared/list-page';
import { stringify } from 'csv-stringify/sync';
import { cellWriter, csvFormat, fileQuerySchemas, UTF8_BOM, writeChunk, type FileQuery } from '../csv';
import { idParams, pageQuery, recordId } from '../crm/crm.schemas';
import { viewerOf } from '../crm/crm-routes';
import { count, CSV, HTML, id, pageResponse, responseObject, timestamp } from '../response.schemas';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { subjectReportHtml } from './subject-report';

const kind = Joi.string()
  .valid(...PRIVACY_REQUEST_KINDS)
  .description('What the person asks (LGPD Art. 18)');
const status = Joi.string().valid(...PRIVACY_REQUEST_STATUSES);
const note = Joi.string().trim().max(2000).allow(null, '').description('What was done, or why it was refused');

const create = Joi.object<NewRequestInput, true>({
  contactId: recordId.required().description('The contact the request is about'),
  kind: kind.required(),
  requesterName: Joi.string().trim().min(1).max(200).required().description('Who asked, as they identified themselves'),
  dueAt: Joi.date().iso().description('The deadline; 15 days from now unless given'),
  note,
});
const change = Joi.object<PrivacyRequestChanges, true>({
  status: status.description('completed or refused closes the request (completedAt); open or in_progress reopens it'),
  dueAt: Joi.date().iso(),
  note,
}).min(1);
type Cursor = { limit: number; cursor?: string };
const paging = { limit: pageQuery.limit, cursor: pageQuery.cursor };
const listQuery = Joi.object<Cursor & { status?: PrivacyRequestStatus; contactId?: number }, true>({
  ...paging,
  status: status.description('Only requests in this status'),
  contactId: recordId.description("Only this contact's requests"),
});

const request = responseObject({
  id,
  contactId: id.allow(null).description('null once the contact was deleted'),
  contactName: Joi.string().allow(null),
  kind,
  requesterName: Joi.string(),
  status,
  dueAt: timestamp,
  note: Joi.string().allow(null),
  createdBy: id.allow(null),
  createdByName: Joi.string().allow(null),
  createdAt: timestamp,
  updatedAt: timestamp,
  completedAt: timestamp.allow(null),
} satisfies Joi.StrictSchemaMap<PrivacyRequest>);
const auditEntry = responseObject({
  id,
  at: timestamp,
  userId: id.allow(null),
  userName: Joi.string().allow(null).description('The name the person had then'),
  apiKeyName: Joi.string().allow(null),
  address: Joi.string().allow(null),
  action: Joi.string().valid(...AUDIT_ACTIONS),
  contactId: id.allow(null),
  requestId: id.allow(null),
  detail: Joi.object().unknown(true).description('What exactly: filters, a change, counts'),
} satisfies Joi.StrictSchemaMap<AuditEntry>);
const withHistory = request.keys({ history: Joi.array().items(auditEntry).description('Newest first') });
const sections = Object.fromEntries(SUBJECT_SECTIONS.map((section) => [section, count]));
const summary = responseObject({
  ...sections,
  anonymizedAt: timestamp.allow(null),
}).description("How many of each kind of record the person has: what an anonymization's confirmation names");
const anonymized = responseObject({
  deals: count,
  activities: count,
  notes: count,
  noteRevisions: count,
  timeline: count,
  formSubmissions: count,
  importRows: count,
  consents: count,
  notifications: count,
  duplicateDismissals: count,
}).description('How many records of each kind had text naming the person replaced, or were removed');
const exported = Joi.object({
  request,
  contact: Joi.object().unknown(true).description('The contact, with its custom fields'),
  company: Joi.object().unknown(true).allow(null),
  ...Object.fromEntries(SUBJECT_SECTIONS.map((section) => [section, Joi.array().items(Joi.object().unknown(true))])),
})
  .unknown(true)
  .description('Everything Funil holds about the person, section by section');
const fileNameOf = (data: { contact: { id?: unknown } }, requestId: number) =>
  `titular-${String(data.contact.id)}-solicitacao-${requestId}`;
const auditQuery = Joi.object<Cursor & { contactId?: number }, true>({
  ...paging,
  contactId: recordId.description("Only this contact's entries"),
});
const auditExportQuery = Joi.object<FileQuery & { contactId?: number }, true>({
  ...fileQuerySchemas,
  contactId: recordId.description("Only this contact's entries"),
});
const AUDIT_COLUMNS = ['id', 'at', 'userName', 'apiKeyName', 'address', 'action', 'contactId', 'requestId', 'detail'];
const AUDIT_HEADERS = {
  pt: ['Nº', 'Quando', 'Pessoa', 'Chave de API', 'Endereço', 'Operação', 'Contato', 'Solicitação', 'Detalhe'],
  en: ['No.', 'When', 'Person', 'API key', 'Address', 'Operation', 'Contact', 'Request', 'Detail'],
};
const anonymizeBody = Joi.object<{ requestId?: number }, true>({
  requestId: recordId.description("The person's request this answers: it is completed"),
});

const BASE = '/api/privacy/requests';

const auditActor = (req: Request): AuditActor => actorOf(viewerOf(req), req.ip ?? null);

/** Data subjects' requests, their export and anonymization, and the record of operations: admins, signed in. */
@injectable()
export class PrivacyRequestsRouter implements HttpRouter {
  constructor(@inject(PRIVACY_REQUESTS_SERVICE) private readonly privacy: PrivacyRequestsService) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'post',
        path: BASE,
        access: ['admin'],
        tag: 'privacy',
        status: 201,
        summary: "Logs a data subject's request, due in 15 days unless dueAt says otherwise",
        schemas: { body: create },
        response: request,
        errors: ['CONTACT.NOT_FOUND'],
        handler: ({ body }, req) => this.privacy.create(auditActor(req), body),
      }),
      defineRoute({
        method: 'get',
        path: BASE,
        access: ['admin'],
        tag: 'privacy',
        summary: 'Data subjects’ requests, newest first',
        schemas: { query: listQuery },
        response: pageResponse(request),
        handler: ({ query }) =>
          this.privacy.list(
            { status: query.status, contactId: query.contactId },
            { limit: query.limit, cursor: query.cursor },
          ),
      }),
      defineRoute({
        method: 'get',
        path: `${BASE}/:id`,
        access: ['admin'],
        tag: 'privacy',
        summary: 'A request and its history (every step, from the record of operations)',
        schemas: { params: idParams },
        response: withHistory,
        errors: ['PRIVACY.REQUEST_NOT_FOUND'],
        handler: ({ params }) => this.privacy.get(params.id),
      }),
      defineRoute({
        method: 'patch',
        path: `${BASE}/:id`,
        access: ['admin'],
        tag: 'privacy',
        summary: "Changes a request's status, deadline or note (each change in its history)",
        schemas: { params: idParams, body: change },
        response: request,
        errors: ['PRIVACY.REQUEST_NOT_FOUND'],
        handler: ({ params, body }, req) => this.privacy.update(auditActor(req), params.id, body),
      }),
      defineRoute({
        method: 'get',
        path: `${BASE}/:id/export`,
        access: ['admin'],
        tag: 'privacy',
        summary:
          'Everything Funil holds about the request’s person, as a JSON file (access, portability); recorded in the request’s history',
        schemas: { params: idParams },
        response: exported,
        errors: ['PRIVACY.REQUEST_NOT_FOUND', 'CONTACT.NOT_FOUND'],
        handler: async ({ params }, req, res) => {
          const data = await this.privacy.export(auditActor(req), params.id, 'json');
          res.setHeader('Cache-Control', 'no-store');
          res.attachment(`${fileNameOf(data, params.id)}.json`);
          return data;
        },
      }),
      defineRoute({
        method: 'get',
        path: `${BASE}/:id/report`,
        access: ['admin'],
        tag: 'privacy',
        summary:
          'The same as a readable page in Portuguese for the person (no script, opens offline and prints); recorded in the request’s history',
        schemas: { params: idParams },
        response: HTML,
        errors: ['PRIVACY.REQUEST_NOT_FOUND', 'CONTACT.NOT_FOUND'],
        handler: async ({ params }, req, res) => {
          const data = await this.privacy.export(auditActor(req), params.id, 'html');
          res.setHeader('Cache-Control', 'no-store');
          res
            .status(200)
            .type('text/html; charset=utf-8')
            .attachment(`${fileNameOf(data, params.id)}.html`)
            .send(subjectReportHtml(data));
          return undefined;
        },
      }),
      defineRoute({
        method: 'get',
        path: '/api/privacy/contacts/:id/summary',
        access: ['admin'],
        tag: 'privacy',
        summary: 'How many records of each kind the contact has: what an anonymization would change',
        schemas: { params: idParams },
        response: summary,
        errors: ['CONTACT.NOT_FOUND'],
        handler: ({ params }) => this.privacy.summary(params.id),
      }),
      defineRoute({
        method: 'post',
        path: '/api/privacy/contacts/:id/anonymize',
        access: ['admin'],
        tag: 'privacy',
        summary:
          "Replaces the person's identifying data with a tombstone, in one transaction, never undone; deal values and dates stay (reports read the same)",
        schemas: { params: idParams, body: anonymizeBody },
        response: anonymized,
        errors: ['CONTACT.NOT_FOUND', 'PRIVACY.ALREADY_ANONYMIZED', 'PRIVACY.REQUEST_NOT_FOUND'],
        handler: ({ params, body }, req) => this.privacy.anonymize(auditActor(req), params.id, body.requestId),
      }),
      defineRoute({
        method: 'post',
        path: '/api/privacy/contacts/:id/erase',
        access: ['admin'],
        tag: 'privacy',
        summary:
          "Deletion at the person's request: anonymized everywhere as /anonymize does, then the contact deleted (its notes and consents go; deals and activities stay without it), in one transaction",
        schemas: { params: idParams, body: anonymizeBody },
        response: anonymized,
        errors: ['CONTACT.NOT_FOUND', 'PRIVACY.REQUEST_NOT_FOUND'],
        handler: ({ params, body }, req) =>
          this.privacy.erase(viewerOf(req), req.ip ?? null, params.id, body.requestId),
      }),
      defineRoute({
        method: 'get',
        path: '/api/privacy/audit',
        access: ['admin'],
        tag: 'privacy',
        summary:
          'The record of operations on personal data (privacy actions, bulk exports, list reads by API key), newest first',
        schemas: { query: auditQuery },
        response: pageResponse(auditEntry),
        handler: ({ query }) =>
          this.privacy.auditTrail({ contactId: query.contactId }, { limit: query.limit, cursor: query.cursor }),
      }),
      defineRoute({
        method: 'get',
        path: '/api/privacy/audit/export',
        access: ['admin'],
        tag: 'privacy',
        summary:
          'Every entry of the record of operations as a CSV file (format=excel: for a spreadsheet in `lang` and `tz`); the export is itself recorded',
        schemas: { query: auditExportQuery },
        response: CSV,
        handler: async ({ query }, req, res) => {
          await this.privacy.recordRead(auditActor(req), 'audit.exported', { contactId: query.contactId ?? null });
          const format = csvFormat(query);
          const cell = cellWriter(format);
          const header = format.excel ? AUDIT_HEADERS[format.lang] : AUDIT_COLUMNS;
          const options = { delimiter: format.delimiter };
          res.status(200).type('text/csv; charset=utf-8').attachment('privacy-audit.csv');
          res.setHeader('Cache-Control', 'no-store');
          await writeChunk(res, UTF8_BOM + stringify([header], options));
          let cursor: string | undefined;
          do {
            const page = await this.privacy.auditTrail(
              { contactId: query.contactId },
              { limit: LIST_LIMIT_MAX, cursor },
            );
            const rows = page.items.map((e) => [
              cell.number(e.id),
              cell.moment(e.at),
              cell.text(e.userName),
              cell.text(e.apiKeyName),
              cell.text(e.address),
              cell.text(e.action),
              cell.number(e.contactId),
              cell.number(e.requestId),
              cell.text(JSON.stringify(e.detail)),
            ]);
            if (rows.length) await writeChunk(res, stringify(rows, options));
            cursor = page.nextCursor ?? undefined;
          } while (cursor && !res.destroyed);
          res.end();
          return undefined;
        },
      }),
    ];
  }
}
