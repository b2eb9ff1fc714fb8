import Joi from 'joi';
import {
  DEAL_IMPORT_ACTIONS,
  DEAL_IMPORT_FIELDS,
  DEAL_STATUSES,
  STAGE_MATCHES,
  type DealMapping,
  type StageMapping,
} from '../../domain/deals/deal-import';
import type { DealFieldsCheck, DealImportPreview, DealImportResult } from '../../domain/deals/deal-imports.service';
import {
  columnMapping,
  fileReadingResponse,
  mappingTarget,
  presetResponse,
} from '../contact-imports/contact-imports.schemas';
import { count, id, responseObject } from '../response.schemas';
import { dealSchemas, pipelineName } from './deals.schemas';

const mappingSchema = columnMapping(DEAL_IMPORT_FIELDS).description(
  'CSV column -> deal field (or customFields.<key>); without it, guessed from the headers',
);

/** The multipart upload's text fields (`mapping` and `stageMapping` are JSON). */
export type DealImportFields = {
  mapping?: DealMapping;
  pipeline?: string;
  stageMapping?: StageMapping;
  ownerId?: number;
};
export const dealImportFields = Joi.object<DealImportFields, true>({
  mapping: mappingSchema,
  pipeline: pipelineName.description("The pipeline's key; the default one when absent"),
  stageMapping: Joi.object()
    .pattern(Joi.string().min(1).max(200), Joi.string().trim().min(1).max(60))
    .description(
      "JSON: a stage name as the file writes it -> a stage of the pipeline; names matched by name, by the CRM's default stages or by won/lost need none",
    ),
  ownerId: id.description('Who gets the deals (and the people and companies made for them); the importer when absent'),
});

/** The API's checks, the first refused field's message as the row's reason ("value must be a decimal string ..."). */
export const checkDealFields: DealFieldsCheck = (values) => {
  const { value, error } = dealSchemas.update.validate(values, { errors: { wrap: { label: false } } });
  return error ? { reason: error.details[0].message } : { fields: value as typeof values };
};

const mappingResponse = Joi.object()
  .pattern(Joi.string(), mappingTarget(DEAL_IMPORT_FIELDS))
  .description('CSV column -> deal field (or customFields.<key>)');

export const dealImportPreviewResponse = responseObject({
  ...fileReadingResponse,
  preset: presetResponse(
    'of deals the file is (Pipedrive, RD Station CRM, Agendor, HubSpot), by its headers; its columns mapped when no mapping is sent',
  ),
  mapping: mappingResponse.description('The mapping used: the one sent, else the one guessed from the headers'),
  pipeline: Joi.string().description('The pipeline the deals go to'),
  stages: Joi.array()
    .items(
      responseObject({
        name: Joi.string().description('The stage name as the file writes it'),
        rows: count.description('The rows it places (rows won or lost by their status go to the won or lost stage)'),
        stage: Joi.string().allow(null).description('The stage of the pipeline it maps to; null: choose one'),
        matchedBy: Joi.string()
          .valid(...STAGE_MATCHES)
          .allow(null)
          .description(
            "name: the stage's name; preset: the CRM's default stage of that meaning; status: a won or lost name, to the stage of that kind; mapping: as sent",
          ),
      }),
    )
    .description('Each stage name the file uses, in the order it first appears'),
  counts: responseObject({
    create: count,
    rejected: count,
    newContacts: count.description('People the import makes (no contact has their e-mail, or their name once)'),
    newCompanies: count.description('Companies the import makes (none has their name)'),
  }),
  rows: Joi.array()
    .items(
      responseObject({
        rowNumber: count,
        action: Joi.string().valid(...DEAL_IMPORT_ACTIONS),
        title: Joi.string().allow(null),
        value: Joi.string().allow(null).description('Decimal string'),
        stageName: Joi.string().allow(null).description('As the file writes it'),
        stage: Joi.string().allow(null).description('Where it lands; null: refused, or its stage name not mapped yet'),
        status: Joi.string().valid(...DEAL_STATUSES),
        contactId: id.allow(null).description('The contact it is linked to; null with a name: one the import makes'),
        contactName: Joi.string().allow(null),
        companyId: id.allow(null).description('The company it is linked to; null with a name: one the import makes'),
        companyName: Joi.string().allow(null),
        reason: Joi.string().allow(null).description('Why the row is refused'),
      }),
    )
    .description('The first 20 rows'),
} satisfies Joi.StrictSchemaMap<DealImportPreview>);

export const dealImportResponse = responseObject({
  counts: responseObject({ created: count, rejected: count, contactsCreated: count, companiesCreated: count }),
  rejections: Joi.array().items(responseObject({ rowNumber: count, reason: Joi.string() })),
} satisfies Joi.StrictSchemaMap<DealImportResult>);
