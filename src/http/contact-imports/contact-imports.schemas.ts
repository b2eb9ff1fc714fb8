import Joi from 'joi';
import { IMPORT_FIELDS, IMPORT_MODES, type ImportMapping, type ImportMode } from '../../domain/contact-imports/contact-import';
import { contactSchemas, type ContactQuery } from '../crm/contacts.schemas';
import { idParams } from '../crm/crm.schemas';

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
