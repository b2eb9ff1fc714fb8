import { stringify } from 'csv-stringify/sync';
import { inject, injectable } from 'inversify';
import type Joi from 'joi';
import type { ContactImport } from '../../domain/contact-imports/contact-import';
import type { ContactImportsService } from '../../domain/contact-imports/contact-imports.service';
import { CONTACT_IMPORTS_SERVICE } from '../../domain/contact-imports/contact-imports.tokens';
import { ValidationError } from '../../domain/shared/app-error';
import { csvCell } from '../csv';
import { checkRequestInput, textProblem } from '../input-guard';
import { currentAuth, defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { CSV } from '../response.schemas';
import { contactImportListResponse, contactImportPreviewResponse, contactImportResponse, contactImportSchemas as schemas, IMPORT_MAX_BYTES } from './contact-imports.schemas';
import { readUpload } from './multipart';

function view(found: ContactImport) {
  const { createdByRole: _role, ...rest } = found;
  return { ...rest, rejectedCsv: found.counts.rejected ? `/api/crm/contacts/import/${found.id}/rejected` : null };
}

/** The upload's text fields, `mapping` read as JSON, checked against `schema` (and, like any request's, for NUL and depth). */
function uploadFields<T>(fields: Record<string, string>, schema: Joi.ObjectSchema<T>, fileName: string | null): T {
  const problem = fileName === null ? null : textProblem(fileName);
  if (problem) throw new ValidationError([{ path: 'file', message: `The file name ${problem}`, type: 'string.text' }]);
  let mapping: unknown;
  try {
    mapping = fields.mapping === undefined ? undefined : JSON.parse(fields.mapping);
  } catch {
    throw new ValidationError([{ path: 'mapping', message: 'mapping must be a JSON object', type: 'object.base' }]);
  }
  checkRequestInput({ body: { ...fields, mapping } });
  const { value, error } = schema.validate({ ...fields, mapping }, { abortEarly: false, errors: { wrap: { label: false } } });
  if (error) throw new ValidationError(error.details.map((d) => ({ path: d.path.join('.'), message: d.message, type: d.type })));
  return value;
}

@injectable()
export class ContactImportsRouter implements HttpRouter {
  constructor(@inject(CONTACT_IMPORTS_SERVICE) private readonly imports: ContactImportsService) {}

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
          try {
            const value = uploadFields(upload.fields, schemas.uploadFields, upload.fileName);
            const { user } = currentAuth(req);
            return view(await this.imports.start(user, { fileName: upload.fileName, file: upload.file, mapping: value.mapping, mode: value.mode }));
          } finally {
            await upload.dispose();
          }
        },
      }),
      defineRoute({
        method: 'post',
        path: '/api/crm/contacts/import/preview',
        access: 'signed-in',
        summary: 'Dry run of an import (multipart: file, optional mapping, mode): how the file reads, the mapping guessed from its headers, the first rows as they would be stored, the refused rows with their reason, and the counts; writes nothing',
        tag: 'contacts',
        response: contactImportPreviewResponse,
        errors: ['REQUEST.TOO_LARGE', 'REQUEST.UNSUPPORTED_MEDIA_TYPE'],
        handler: async (_input, req) => {
          const upload = await readUpload(req, IMPORT_MAX_BYTES);
          try {
            const value = uploadFields(upload.fields, schemas.previewFields, upload.fileName);
            const { user } = currentAuth(req);
            return await this.imports.preview(user, { fileName: upload.fileName, file: upload.file, size: upload.size, mapping: value.mapping, mode: value.mode });
          } finally {
            await upload.dispose();
          }
        },
      }),
      defineRoute({
        method: 'get',
        path: '/api/crm/contacts/import',
        access: 'signed-in',
        summary: "The signed-in user's ten latest imports, newest first",
        tag: 'contacts',
        response: contactImportListResponse,
        handler: async (_input, req) => ({ items: (await this.imports.recent(currentAuth(req).user)).map(view) }),
      }),
      defineRoute({
        method: 'post',
        path: '/api/crm/contacts/import/:id/undo',
        access: 'signed-in',
        summary: 'Undoes an ended import: deletes the contacts it created and puts back the fields it changed, for its importer or an admin, while nothing else has touched those contacts',
        tag: 'contacts',
        response: contactImportResponse,
        schemas: { params: schemas.idParams },
        errors: ['IMPORT.NOT_FOUND', 'IMPORT.NOT_FINISHED', 'IMPORT.ALREADY_UNDONE', 'IMPORT.CHANGED_SINCE'],
        handler: async ({ params }, req) => view(await this.imports.undo(currentAuth(req).user, params.id)),
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
          // The headers are the file's own: neutralised like every cell.
          res.end(stringify([['row', 'reason', ...columns].map(csvCell), ...rejections.map((r) => [r.rowNumber, r.reason, ...columns.map((c) => r.cells[c])].map(csvCell))]));
          return undefined;
        },
      }),
    ];
  }
}
