import Joi from 'joi';
import { IMPORT_PRESETS } from '../../domain/contact-imports/crm-presets';
import { CONSENT_CHANNELS, type ConsentChannel } from '../../domain/privacy/consent';
import { LEGAL_BASES, type LegalBasis } from '../../domain/privacy/legal-basis';
import {
  IMPORT_MODES,
  IMPORT_STATUSES,
  MAPPING_TARGETS,
  type ContactImport,
  type ImportMapping,
  type ImportMode,
  type ImportOwners,
  type ImportPreview,
  type ImportPrivacy,
} from '../../domain/contact-imports/contact-import';
import { fileQuerySchemas, type ExportFormat, type ExportLanguage } from '../csv';
import { CONTACT_STATUSES } from '../../domain/contacts/contact';
import { idParams } from '../crm/crm.schemas';
import { CUSTOM_FIELD_FILTER, customFieldValuesOut } from '../crm/fields.schemas';
import { count, id, itemsResponse, responseObject, timestamp } from '../response.schemas';

/** Enough for a million contacts of ten columns; the file is spooled and read in slices, never held whole. */
export const IMPORT_MAX_BYTES = 200 * 1024 * 1024;

/** A mapping's target: one of `targets`, or `customFields.<key>` (a custom field of the records, checked by the service). */
export const mappingTarget = (targets: readonly string[]) =>
  Joi.alternatives(
    Joi.string().valid(...targets),
    Joi.string().pattern(CUSTOM_FIELD_FILTER, 'customFields.<key>').description('A custom field of the records'),
  );

/** A wizard's mapping: CSV column -> one of `targets`, each filled by one column at most; a column left out is ignored. */
export const columnMapping = (targets: readonly string[]) =>
  Joi.object()
    .pattern(Joi.string().min(1).max(200), mappingTarget(targets))
    .custom((value: Record<string, string>, helpers) => {
      const fields = Object.values(value);
      return new Set(fields).size === fields.length
        ? value
        : helpers.message({ custom: 'Each field can be filled by one column only' });
    });

/** CSV column -> contact field (or owner). */
const mappingSchema = columnMapping(MAPPING_TARGETS);

/** Who gets the contacts the import creates (multipart text fields; `ownerIds` is a JSON array). */
const ownerFields = {
  ownerId: Joi.number().integer().positive().description('One person for the whole file'),
  ownerIds: Joi.array()
    .items(Joi.number().integer().positive())
    .min(1)
    .max(200)
    .unique()
    .description(
      'The rows dealt in turn among these people (a JSON array): row n goes to ownerIds[(n - 1) mod length]',
    ),
};

/** What the import records for each of its contacts (LGPD): a legal basis, consent to channels and its text. */
const privacyFields = {
  legalBasis: Joi.string()
    .valid(...LEGAL_BASES)
    .description('The legal basis recorded for every contact the import creates or updates (LGPD Art. 7)'),
  consentChannels: Joi.array()
    .items(Joi.string().valid(...CONSENT_CHANNELS))
    .max(CONSENT_CHANNELS.length)
    .unique()
    .description('Consent recorded to these channels for every contact of the file (a JSON array)'),
  consentText: Joi.string()
    .trim()
    .max(2000)
    .when('consentChannels', { is: Joi.array().min(1).required(), then: Joi.required() })
    .description('What the people were shown when they consented (required with consentChannels)'),
};
type PrivacyFields = { legalBasis?: LegalBasis; consentChannels?: ConsentChannel[]; consentText?: string };

/** The import's privacy, as stored: null when the importer stated nothing. */
export function importPrivacy(fields: PrivacyFields): ImportPrivacy | null {
  const consentChannels = fields.consentChannels ?? [];
  if (!fields.legalBasis && consentChannels.length === 0) return null;
  return {
    legalBasis: fields.legalBasis ?? null,
    consentChannels,
    consentText: consentChannels.length ? (fields.consentText ?? null) : null,
  };
}

type UploadFields = { mapping: ImportMapping; mode: ImportMode } & ImportOwners & PrivacyFields;

export const contactImportSchemas = {
  idParams,
  /** The text fields of the multipart upload; `mapping` is a JSON object, CSV column -> contact field. */
  uploadFields: Joi.object<UploadFields, true>({
    mapping: mappingSchema.min(1).required(),
    mode: Joi.string()
      .valid(...IMPORT_MODES)
      .default('skip'),
    ...ownerFields,
    ...privacyFields,
  }),
  /** The dry run's fields: without a mapping, the one guessed from the headers. */
  previewFields: Joi.object<Partial<UploadFields> & { mode: ImportMode }, true>({
    mapping: mappingSchema,
    mode: Joi.string()
      .valid(...IMPORT_MODES)
      .default('skip'),
    ...ownerFields,
    ...privacyFields,
  }),
  /** How the refused rows are written: as today for programs, or for a spreadsheet in the user's language. */
  rejectedQuery: Joi.object<{ format: ExportFormat; lang: ExportLanguage; tz: string }, true>({
    format: fileQuerySchemas.format.description(
      'excel: the header and reasons in `lang`, for Excel (pt: `;`), with a byte-order mark',
    ),
    lang: fileQuerySchemas.lang.default('pt'),
    // Taken like every file download's, though the refused rows hold no moment of ours.
    tz: fileQuerySchemas.tz,
  }),
};

/** An import as its routes show it: what it has done so far, and where its rejected rows are. */
export const contactImportResponse = responseObject({
  id,
  createdBy: id.allow(null),
  fileName: Joi.string().allow(null),
  mode: Joi.string().valid(...IMPORT_MODES),
  mapping: Joi.object()
    .pattern(Joi.string(), mappingTarget(MAPPING_TARGETS))
    .description('CSV column -> contact field (or owner, or customFields.<key>)'),
  ownerId: id.allow(null).description('The one person given the contacts it creates'),
  ownerIds: Joi.array().items(id).allow(null).description('The people the rows are dealt among, in turn'),
  privacy: responseObject({
    legalBasis: Joi.string()
      .valid(...LEGAL_BASES)
      .allow(null),
    consentChannels: Joi.array().items(Joi.string().valid(...CONSENT_CHANNELS)),
    consentText: Joi.string().allow(null),
  })
    .allow(null)
    .description('The legal basis and consents recorded for each of its contacts when it completes'),
  status: Joi.string().valid(...IMPORT_STATUSES),
  totalRows: count.allow(null).description('Null until the file is read'),
  rowsDone: count,
  counts: responseObject({ created: count, updated: count, skipped: count, rejected: count }),
  error: Joi.string().allow(null),
  createdAt: timestamp,
  finishedAt: timestamp.allow(null),
  undoneAt: timestamp.allow(null),
  undoneBy: id.allow(null),
  rejectedCsv: Joi.string().allow(null).description('Where the rejected rows download as CSV; null when none'),
} satisfies Joi.StrictSchemaMap<Omit<ContactImport, 'createdByRole'> & { rejectedCsv: string | null }>);

export const contactImportListResponse = itemsResponse(contactImportResponse);

const mappingResponse = Joi.object()
  .pattern(Joi.string(), mappingTarget(MAPPING_TARGETS))
  .description('CSV column -> contact field (or owner, or customFields.<key>)');
const cellsResponse = Joi.object()
  .pattern(Joi.string(), Joi.string())
  .description('The row as it was, by column header');

/** How an import's file reads, as every import's dry run answers it. */
export const fileReadingResponse = {
  encoding: Joi.string().valid('utf-8', 'windows-1252'),
  delimiter: Joi.string().valid(',', ';', '\t'),
  columns: Joi.array().items(Joi.string()),
  totalRows: count,
};

/** The CRM whose export the file is, by its headers (`what`: the kind of records, and where its mapping shows). */
export const presetResponse = (what: string) =>
  Joi.string()
    .valid(...IMPORT_PRESETS)
    .allow(null)
    .description(`The CRM whose export ${what}`);

/** The dry run of an import: how the file reads and what importing it would do. */
export const contactImportPreviewResponse = responseObject({
  fileName: Joi.string().allow(null),
  size: count.description('Bytes'),
  ...fileReadingResponse,
  suggestedMapping: mappingResponse,
  preset: presetResponse(
    'the file is (Pipedrive, RD Station CRM, Agendor, HubSpot), by its headers; its columns are mapped in suggestedMapping',
  ),
  mapping: mappingResponse,
  mode: Joi.string().valid(...IMPORT_MODES),
  counts: responseObject({ created: count, updated: count, skipped: count, rejected: count }),
  owners: Joi.array()
    .items(responseObject({ userId: id, name: Joi.string(), count }))
    .description('Who would be given the contacts created, and how many each'),
  sample: Joi.array()
    .items(
      responseObject({
        rowNumber: count,
        outcome: Joi.string().valid('create', 'update', 'skip'),
        values: responseObject({
          name: Joi.string(),
          email: Joi.string().optional(),
          phone: Joi.string().optional(),
          company: Joi.string().optional().description("The company's name: found by it (or by cnpj), else made"),
          cnpj: Joi.string().optional().description("The company's CNPJ, without punctuation"),
          position: Joi.string().optional(),
          source: Joi.string().optional(),
          status: Joi.string()
            .valid(...CONTACT_STATUSES)
            .optional(),
          score: count.optional(),
          tags: Joi.array().items(Joi.string()).optional(),
          notes: Joi.string().optional(),
          customFields: customFieldValuesOut.optional().description('The custom values of the mapped columns, as read'),
        }),
        ownerId: id.allow(null).description('Who the contact would be given to; null when the row creates none'),
      }),
    )
    .description('The first rows as they would be stored'),
  rejections: Joi.array()
    .items(responseObject({ rowNumber: count, reason: Joi.string(), cells: cellsResponse }))
    .description('The first refused rows'),
} satisfies Joi.StrictSchemaMap<ImportPreview>);
