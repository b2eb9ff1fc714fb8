import Joi from 'joi';
import {
  COMPANY_IMPORT_ACTIONS,
  COMPANY_IMPORT_FIELDS,
  COMPANY_IMPORT_MODES,
  COMPANY_MAPPING_TARGETS,
  MATCHED_BY,
  type CompanyFieldsCheck,
  type CompanyImportMode,
  type CompanyMapping,
  type ImportedCompany,
} from '../../domain/companies/company-import';
import type { CompanyImportPreview, CompanyImportResult } from '../../domain/companies/company-imports.service';
import {
  columnMapping,
  fileReadingResponse,
  mappingTarget,
  presetResponse,
} from '../contact-imports/contact-imports.schemas';
import { customFieldValuesOut } from './fields.schemas';
import { count, id, responseObject } from '../response.schemas';
import { companySchemas } from './companies.schemas';

/** CSV column -> company field (or owner). */
const mappingSchema = columnMapping(COMPANY_MAPPING_TARGETS).description(
  'CSV column -> company field (or owner); without it, guessed from the headers',
);

/** The multipart upload's text fields (`mapping` is JSON). */
export type CompanyImportFields = { mapping?: CompanyMapping; mode: CompanyImportMode };
export const companyImportFields = Joi.object<CompanyImportFields, true>({
  mapping: mappingSchema,
  mode: Joi.string()
    .valid(...COMPANY_IMPORT_MODES)
    .default('update'),
});

/** The API's checks, the first refused field's message as the row's reason ("cnpj is not a valid CNPJ ..."). */
export const checkCompanyFields: CompanyFieldsCheck = (values) => {
  // The update's schema: every field optional, as a row's cells (the owner is never among them).
  const { value, error } = companySchemas.update.validate(values, { errors: { wrap: { label: false } } });
  return error ? { reason: error.details[0].message } : { fields: value as ImportedCompany };
};

/** A row's values as they would be stored: the company's fields its cells fill, as a company shows them. */
const importedValues = responseObject({
  ...Object.fromEntries(COMPANY_IMPORT_FIELDS.map((field) => [field, companySchemas.item.extract(field).optional()])),
  customFields: customFieldValuesOut.optional().description('The custom values of the mapped columns'),
});

const mappingResponse = Joi.object()
  .pattern(Joi.string(), mappingTarget(COMPANY_MAPPING_TARGETS))
  .description('CSV column -> company field (or owner, or customFields.<key>)');

export const companyImportPreviewResponse = responseObject({
  ...fileReadingResponse,
  preset: presetResponse(
    'the file is (Pipedrive, RD Station CRM, Agendor, HubSpot), by its headers; its columns mapped when no mapping is sent',
  ),
  mapping: mappingResponse.description('The mapping used: the one sent, else the one guessed from the headers'),
  mode: Joi.string().valid(...COMPANY_IMPORT_MODES),
  counts: responseObject({ create: count, update: count, skip: count, rejected: count }),
  rows: Joi.array()
    .items(
      responseObject({
        rowNumber: count,
        action: Joi.string().valid(...COMPANY_IMPORT_ACTIONS),
        matchedBy: Joi.string()
          .valid(...MATCHED_BY)
          .allow(null)
          .description('How the row found its company: its CNPJ, e-mail domain or name; null when it makes one'),
        companyId: id.allow(null).description('The existing company it lands on'),
        companyName: Joi.string().allow(null),
        values: importedValues
          .allow(null)
          .description('The row as it would be stored; a refused row: its name as read, or null without one'),
        reason: Joi.string().allow(null).description('Why the row is refused'),
      }),
    )
    .description('The first 20 rows'),
} satisfies Joi.StrictSchemaMap<CompanyImportPreview>);

export const companyImportResponse = responseObject({
  counts: responseObject({ created: count, updated: count, skipped: count, rejected: count }),
  rejections: Joi.array().items(responseObject({ rowNumber: count, reason: Joi.string() })),
} satisfies Joi.StrictSchemaMap<CompanyImportResult>);
