import { stringify } from 'csv-stringify/sync';
import { inject, injectable } from 'inversify';
import type { ContactImport } from '../../domain/contact-imports/contact-import';
import type { ContactImportsService } from '../../domain/contact-imports/contact-imports.service';
import { CONTACT_IMPORTS_SERVICE } from '../../domain/contact-imports/contact-imports.tokens';
import { reasonIn } from '../../domain/contact-imports/import-reasons';
import { csvCell, csvFormat, UTF8_BOM } from '../csv';
import { currentAuth, defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { CSV } from '../response.schemas';
import {
  contactImportListResponse,
  contactImportPreviewResponse,
  contactImportResponse,
  contactImportSchemas as schemas,
  importPrivacy,
  IMPORT_MAX_BYTES,
} from './contact-imports.schemas';
import { readUpload, uploadFields } from './multipart';

/** The refused rows' first two columns: as programs read them, or in the user's language. */
const REJECTED_HEADER = { machine: ['row', 'reason'], pt: ['Linha', 'Motivo'], en: ['Row', 'Reason'] } as const;

function view(found: ContactImport) {
  const { createdByRole: _role, ...rest } = found;
  return { ...rest, rejectedCsv: found.counts.rejected ? `/api/crm/contacts/import/${found.id}/rejected` : null };
}

/** The JSON text fields of a contacts upload. */
const JSON_FIELDS = {
  mapping: { message: 'mapping must be a JSON object', type: 'object.base' },
  ownerIds: { message: 'ownerIds must be a JSON array of user ids', type: 'array.base' },
  consentChannels: { message: 'consentChannels must be a JSON array of channels', type: 'array.base' },
};

@injectable()
export class ContactImportsRouter implements HttpRouter {
  constructor(@inject(CONTACT_IMPORTS_SERVICE) private readonly imports: ContactImportsService) {}

  routes(): RouteDefinition[] {
    const importStatus = (path: string) =>
      defineRoute({
        method: 'get',
        path,
        access: 'signed-in',
        summary: 'An import: state, rows done of total, counts, and the link to its rejected rows',
        tag: 'contacts',
        response: contactImportResponse,
        schemas: { params: schemas.idParams },
        errors: ['IMPORT.NOT_FOUND'],
        handler: async ({ params }, req) => view(await this.imports.get(currentAuth(req).user, params.id)),
      });
    return [
      defineRoute({
        method: 'post',
        path: '/api/crm/contacts/import',
        access: 'signed-in',
        summary:
          'Imports contacts from a CSV (multipart: file, mapping as JSON column -> field or owner, mode skip|update, and who gets the new contacts: ownerId, or ownerIds as a JSON array dealt in turn, or a column mapped to owner; by default the importer; an employee only themself; and what is recorded for every contact of the file, LGPD: legalBasis, consentChannels as a JSON array with consentText); answers at once with the import',
        tag: 'contacts',
        status: 202,
        upload: schemas.uploadFields,
        response: contactImportResponse,
        errors: ['REQUEST.TOO_LARGE', 'REQUEST.UNSUPPORTED_MEDIA_TYPE', 'SERVICE.UNAVAILABLE', 'AUTH.FORBIDDEN'],
        handler: async (_input, req) => {
          const upload = await readUpload(req, IMPORT_MAX_BYTES);
          try {
            const value = uploadFields(upload.fields, schemas.uploadFields, upload.fileName, JSON_FIELDS);
            const { user } = currentAuth(req);
            const { mapping, mode, ownerId, ownerIds } = value;
            return view(
              await this.imports.start(user, {
                fileName: upload.fileName,
                file: upload.file,
                mapping,
                mode,
                owners: { ownerId, ownerIds },
                privacy: importPrivacy(value),
              }),
            );
          } finally {
            await upload.dispose();
          }
        },
      }),
      defineRoute({
        method: 'post',
        path: '/api/crm/contacts/import/preview',
        access: 'signed-in',
        summary:
          'Dry run of an import (multipart: file, optional mapping, mode, ownerId or ownerIds as for the import): how the file reads, the mapping guessed from its headers, the first rows as they would be stored, the refused rows with their reason, the counts, and who would get how many contacts; writes nothing',
        tag: 'contacts',
        upload: schemas.previewFields,
        response: contactImportPreviewResponse,
        errors: ['REQUEST.TOO_LARGE', 'REQUEST.UNSUPPORTED_MEDIA_TYPE', 'AUTH.FORBIDDEN'],
        handler: async (_input, req) => {
          const upload = await readUpload(req, IMPORT_MAX_BYTES);
          try {
            const value = uploadFields(upload.fields, schemas.previewFields, upload.fileName, JSON_FIELDS);
            const { user } = currentAuth(req);
            const { mapping, mode, ownerId, ownerIds } = value;
            return await this.imports.preview(user, {
              fileName: upload.fileName,
              file: upload.file,
              size: upload.size,
              mapping,
              mode,
              owners: { ownerId, ownerIds },
            });
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
        summary:
          'Undoes an ended import: deletes the contacts it created and puts back the fields it changed, for its importer or an admin, while nothing else has touched those contacts',
        tag: 'contacts',
        response: contactImportResponse,
        schemas: { params: schemas.idParams },
        errors: ['IMPORT.NOT_FOUND', 'IMPORT.NOT_FINISHED', 'IMPORT.ALREADY_UNDONE', 'IMPORT.CHANGED_SINCE'],
        handler: async ({ params }, req) => view(await this.imports.undo(currentAuth(req).user, params.id)),
      }),
      importStatus('/api/crm/contact-imports/:id'),
      // Where it was before (its path read as a contact's timeline path to tools that do not know ids are numbers).
      { ...importStatus('/api/crm/contacts/import/:id'), documented: false },
      defineRoute({
        method: 'get',
        path: '/api/crm/contacts/import/:id/rejected',
        access: 'signed-in',
        summary:
          'The rejected rows of an import as CSV: row number, reason, then the row as it was. format=excel&lang=pt|en: header and reasons in that language, pt with `;`, with a byte-order mark',
        tag: 'contacts',
        response: CSV,
        schemas: { params: schemas.idParams, query: schemas.rejectedQuery },
        errors: ['IMPORT.NOT_FOUND'],
        handler: async ({ params, query }, req, res) => {
          const rejections = await this.imports.rejections(currentAuth(req).user, params.id);
          const columns = [...new Set(rejections.flatMap((r) => Object.keys(r.cells)))];
          const excel = query.format === 'excel';
          const { delimiter } = csvFormat(query);
          const header = excel ? REJECTED_HEADER[query.lang] : REJECTED_HEADER.machine;
          const reason = (text: string) => (excel ? reasonIn(text, query.lang) : text);
          res.status(200).type('text/csv; charset=utf-8').attachment(`import-${params.id}-rejected.csv`);
          // The headers are the file's own: neutralised like every cell.
          const rows = [
            [...header, ...columns].map(csvCell),
            ...rejections.map((r) => [r.rowNumber, reason(r.reason), ...columns.map((c) => r.cells[c])].map(csvCell)),
          ];
          res.end((excel ? UTF8_BOM : '') + stringify(rows, { delimiter }));
          return undefined;
        },
      }),
    ];
  }
}
