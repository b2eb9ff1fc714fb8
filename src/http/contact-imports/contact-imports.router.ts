import { once } from 'node:events';
import type { Response } from 'express';
import { stringify } from 'csv-stringify/sync';
import { inject, injectable } from 'inversify';
import type { ContactImport } from '../../domain/contact-imports/contact-import';
import type { ContactImportsService } from '../../domain/contact-imports/contact-imports.service';
import { CONTACT_IMPORTS_SERVICE } from '../../domain/contact-imports/contact-imports.tokens';
import type { ContactsService } from '../../domain/contacts/contacts.service';
import { CONTACTS_SERVICE } from '../../domain/contacts/contacts.tokens';
import { LIST_LIMIT_MAX } from '../../domain/shared/list-page';
import { ValidationError } from '../../domain/shared/app-error';
import { contactFilter } from '../crm/contacts.router';
import { currentAuth, defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { CSV } from '../response.schemas';
import { contactImportResponse, contactImportSchemas as schemas, IMPORT_MAX_BYTES } from './contact-imports.schemas';
import { readUpload } from './multipart';

const EXPORT_COLUMNS = ['id', 'name', 'email', 'phone', 'company', 'position', 'source', 'status', 'score', 'tags', 'notes', 'ownerId', 'ownerName', 'createdAt', 'updatedAt'] as const;

/** A spreadsheet must not run a cell as a formula: text starting like one gets a leading quote. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.join(';');
  const text = String(value);
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function view(found: ContactImport) {
  const { createdByRole: _role, ...rest } = found;
  return { ...rest, rejectedCsv: found.counts.rejected ? `/api/crm/contacts/import/${found.id}/rejected` : null };
}

async function writeCsv(res: Response, text: string): Promise<void> {
  if (!res.write(text)) await once(res, 'drain');
}

@injectable()
export class ContactImportsRouter implements HttpRouter {
  constructor(
    @inject(CONTACT_IMPORTS_SERVICE) private readonly imports: ContactImportsService,
    @inject(CONTACTS_SERVICE) private readonly contacts: ContactsService,
  ) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'post',
        path: '/api/crm/contacts/import',
        access: 'signed-in',
        summary: 'Imports contacts from a CSV (multipart: file, mapping as JSON column -> field, mode skip|update); answers at once with the import',
        tag: 'contacts',
        status: 202,
        response: contactImportResponse,
        errors: ['REQUEST.TOO_LARGE', 'REQUEST.UNSUPPORTED_MEDIA_TYPE', 'SERVICE.UNAVAILABLE'],
        handler: async (_input, req) => {
          const upload = await readUpload(req, IMPORT_MAX_BYTES);
          let mapping: unknown;
          try {
            mapping = JSON.parse(upload.fields.mapping ?? 'null');
          } catch {
            throw new ValidationError([{ path: 'mapping', message: 'mapping must be a JSON object', type: 'object.base' }]);
          }
          const { value, error } = schemas.uploadFields.validate({ ...upload.fields, mapping }, { abortEarly: false, errors: { wrap: { label: false } } });
          if (error) throw new ValidationError(error.details.map((d) => ({ path: d.path.join('.'), message: d.message, type: d.type })));
          const { user } = currentAuth(req);
          return view(await this.imports.start(user, { fileName: upload.fileName, content: upload.content, mapping: value.mapping, mode: value.mode }));
        },
      }),
      defineRoute({
        method: 'get',
        path: '/api/crm/contacts/import/:id',
        access: 'signed-in',
        summary: 'An import: state, rows done of total, counts, and the link to its rejected rows',
        tag: 'contacts',
        response: contactImportResponse,
        schemas: { params: schemas.idParams },
        errors: ['IMPORT.NOT_FOUND'],
        handler: async ({ params }, req) => view(await this.imports.get(currentAuth(req).user, params.id)),
      }),
      defineRoute({
        method: 'get',
        path: '/api/crm/contacts/import/:id/rejected',
        access: 'signed-in',
        summary: 'The rejected rows of an import as CSV: row number, reason, then the row as it was',
        tag: 'contacts',
        response: CSV,
        schemas: { params: schemas.idParams },
        errors: ['IMPORT.NOT_FOUND'],
        handler: async ({ params }, req, res) => {
          const rejections = await this.imports.rejections(currentAuth(req).user, params.id);
          const columns = [...new Set(rejections.flatMap((r) => Object.keys(r.cells)))];
          res.status(200).type('text/csv; charset=utf-8').attachment(`import-${params.id}-rejected.csv`);
          res.end(stringify([['row', 'reason', ...columns], ...rejections.map((r) => [r.rowNumber, r.reason, ...columns.map((c) => cell(r.cells[c]))])]));
          return undefined;
        },
      }),
      defineRoute({
        method: 'get',
        path: '/api/crm/contacts/export',
        access: 'signed-in',
        summary: 'Every contact matching the list filters, as CSV, streamed page by page',
        tag: 'contacts',
        response: CSV,
        schemas: { query: schemas.exportQuery },
        handler: async ({ query }, req, res) => {
          const viewer = currentAuth(req).user;
          const filter = contactFilter(query);
          let page = await this.contacts.list(viewer, filter, { limit: LIST_LIMIT_MAX });
          res.status(200).type('text/csv; charset=utf-8').attachment('contacts.csv');
          await writeCsv(res, stringify([[...EXPORT_COLUMNS]]));
          for (;;) {
            if (page.items.length) await writeCsv(res, stringify(page.items.map((c) => EXPORT_COLUMNS.map((k) => cell(c[k])))));
            if (!page.nextCursor || res.destroyed) break;
            page = await this.contacts.list(viewer, filter, { limit: LIST_LIMIT_MAX, cursor: page.nextCursor });
          }
          res.end();
          return undefined;
        },
      }),
    ];
  }
}
