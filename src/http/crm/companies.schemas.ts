import Joi from 'joi';
import { CUSTOM_FIELD_FILTER, customFieldFilterValue, customFieldValues, customFieldValuesOut } from './fields.schemas';
import { formatCnpj, isValidCnpj } from '../../domain/companies/cnpj';
import {
  COMPANY_SIZES,
  COMPANY_SORTS,
  UFS,
  type Company,
  type CompanyDealTotals,
  type CompanyFields,
  type CompanyFilter,
  type DealTally,
} from '../../domain/companies/company';
import { canBePhone, NOT_A_PHONE } from '../../domain/contacts/phone';
import { count, id, responseObject } from '../response.schemas';
import { moneySum } from './deals.schemas';
import { createOf, listQuery, optionalText, patchOf, recordId, recordStamps, sortFields } from './crm.schemas';
import type { SortOrder } from '../../domain/shared/list-page';

/** The list's filters as the client names them (`owner`: the owner's id). */
export type CompanyQuery = Pick<CompanyFilter, 'search' | 'segment' | 'tag' | 'city' | 'uf'> & {
  owner?: number;
  sort?: string;
  order?: SortOrder;
};

const uf = Joi.string()
  .uppercase()
  .valid(...UFS);

const fields: Joi.StrictSchemaMap<CompanyFields> = {
  name: Joi.string().trim().min(1).max(200),
  cnpj: Joi.string()
    .trim()
    .max(30)
    .allow(null, '')
    // Checked here; the repository stores it without punctuation ('' as none).
    .custom((value: string, helpers) =>
      isValidCnpj(value)
        ? value
        : helpers.message({ custom: 'cnpj is not a valid CNPJ (14 characters, the last two its check digits)' }),
    )
    .description(
      'With or without punctuation; the first 12 characters may be letters (from July 2026). Checked by its check digits, unique; answered as 00.000.000/0000-00',
    ),
  tradeName: optionalText(200),
  segment: optionalText(100).description('Free text; the filter ignores case and accents'),
  size: Joi.string()
    .valid(...COMPANY_SIZES)
    .allow(null)
    .description('By head count (SEBRAE): micro up to 9, small 10-49, medium 50-99, large 100 or more'),
  website: Joi.string()
    .trim()
    .max(300)
    .uri({ scheme: ['http', 'https'] })
    .allow(null, ''),
  emailDomain: Joi.string()
    .trim()
    .lowercase()
    .max(253)
    .domain({ tlds: false })
    .allow(null, '')
    .description("The domain its people's e-mail addresses end with"),
  phone: optionalText(40).custom((value: string, helpers) =>
    canBePhone(value) ? value : helpers.message({ custom: `phone ${NOT_A_PHONE}` }),
  ),
  cep: Joi.string()
    .trim()
    .pattern(/^\d{5}-?\d{3}$/)
    .allow(null, '')
    .custom((value: string) => (value === '' ? null : `${value.slice(0, 5)}-${value.slice(-3)}`))
    .description('00000-000, with or without the dash'),
  street: optionalText(200),
  number: optionalText(20),
  city: optionalText(100),
  uf: uf.allow(null).description('The state (two letters)'),
  tags: Joi.array().items(Joi.string().trim().min(1).max(50)).max(50).unique(),
  notes: optionalText(10_000),
  customFields: customFieldValues,
  ownerId: recordId.allow(null).description('Defaults to the signed-in user'),
};

const filterFields: Joi.StrictSchemaMap<CompanyQuery> = {
  search: Joi.string()
    .trim()
    .max(200)
    .allow('')
    .description(
      'Part of name, trade name, CNPJ (with or without punctuation), e-mail domain or city; case and accents ignored',
    ),
  segment: Joi.string().trim().min(1).max(100).description('This segment, case and accents ignored'),
  tag: Joi.string().trim().max(50),
  owner: recordId.description('Owner user id'),
  city: Joi.string().trim().min(1).max(100).description('This city, case and accents ignored'),
  uf,
  ...sortFields(COMPANY_SORTS),
};

const text = Joi.string().allow(null);

const tally = responseObject({
  count,
  value: moneySum.description('The sum of their values, e.g. "4200.00"'),
} satisfies Joi.StrictSchemaMap<DealTally>);

export const companySchemas = {
  summary: responseObject({
    open: tally.description('Deals in an open stage'),
    won: tally.description('Deals in a stage of kind won'),
    lost: tally.description('Deals in a stage of kind lost'),
  } satisfies Joi.StrictSchemaMap<CompanyDealTotals>),
  listQuery: listQuery<CompanyQuery>(filterFields).pattern(CUSTOM_FIELD_FILTER, customFieldFilterValue),
  create: createOf(fields, ['name']),
  update: patchOf(fields),
  item: responseObject({
    id,
    name: Joi.string(),
    cnpj: text.description(`Formatted, as ${formatCnpj('11222333000181')}`),
    tradeName: text,
    segment: text,
    size: Joi.string()
      .valid(...COMPANY_SIZES)
      .allow(null),
    website: text,
    emailDomain: text,
    phone: text,
    cep: text,
    street: text,
    number: text,
    city: text,
    uf: Joi.string()
      .valid(...UFS)
      .allow(null),
    tags: Joi.array().items(Joi.string()),
    notes: text,
    customFields: customFieldValuesOut,
    ownerId: id.allow(null),
    ownerName: text,
    ...recordStamps,
  } satisfies Joi.StrictSchemaMap<Company>),
};
