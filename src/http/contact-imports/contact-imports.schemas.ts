import Joi from 'joi';
import { IMPORT_FIELDS, IMPORT_MODES, type ContactImport, type ImportMapping, type ImportMode } from '../../domain/contact-imports/contact-import';
import { contactSchemas, type ContactQuery } from '../crm/contacts.schemas';
import { idParams } from '../crm/crm.schemas';
import { count, id, responseObject, timestamp } from '../response.schemas';

export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

/** The contact list's filters, without paging: the export is every matching contact. */
const exportQuery: Joi.ObjectSchema<ContactQuery> = contactSchemas.listQuery.fork(['limit', 'cursor', 'includeTotal'], (s) => s.strip());

export const contactImportSchemas = {
  idParams,
  /** The text fields of the multipart upload; `mapping` is a JSON object, CSV column -> contact field. */
  uploadFields: Joi.object<{ mapping: ImportMapping; mode: ImportMode }, true>({
    mapping: Joi.object()
      .pattern(Joi.string().min(1).max(200), Joi.string().valid(...IMPORT_FIELDS))
      .min(1)
      .required()
      .custom((value: Record<string, string>, helpers) => {
        const fields = Object.values(value);
        return new Set(fields).size === fields.length ? value : helpers.message({ custom: 'Each field can be filled by one column only' });
      }),
    mode: Joi.string().valid(...IMPORT_MODES).default('skip'),
  }),
  exportQuery,
};

/** An import as its routes show it: what it has done so far, and where its rejected rows are. */
export const contactImportResponse = responseObject({
  id,
  createdBy: id.allow(null),
  fileName: Joi.string().allow(null),
  mode: Joi.string().valid(...IMPORT_MODES),
  mapping: Joi.object().pattern(Joi.string(), Joi.string().valid(...IMPORT_FIELDS)).description('CSV column -> contact field'),
  status: Joi.string().valid('queued', 'running', 'completed', 'failed'),
  totalRows: count.allow(null).description('Null until the file is read'),
  rowsDone: count,
  counts: responseObject({ created: count, updated: count, skipped: count, rejected: count }),
  error: Joi.string().allow(null),
  createdAt: timestamp,
  finishedAt: timestamp.allow(null),
  rejectedCsv: Joi.string().allow(null).description('Where the rejected rows download as CSV; null when none'),
} satisfies Joi.StrictSchemaMap<Omit<ContactImport, 'createdByRole'> & { rejectedCsv: string | null }>);
