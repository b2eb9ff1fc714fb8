import Joi from 'joi';
import {
  CUSTOM_FIELD_FILTER,
  customFieldFilterValue,
  customFieldFilters,
  customFieldValues,
  customFieldValuesOut,
} from './fields.schemas';
import {
  DEAL_CONTACT_ROLES,
  DEAL_SORTS,
  DEAL_VALUE_MAX,
  DEAL_VALUE_PATTERN,
  STAGE_KINDS,
  type Deal,
  type DealContact,
  type DealContactLink,
  type DealFields,
  type DealFilter,
  type DealPeople,
  type DealMove,
  type PipelineStage,
  type StageFields,
  type StageSummary,
  type SummaryFilter,
  STALE_DAYS_DEFAULT,
} from '../../domain/deals/deal';
import { count, id, itemsResponse, responseObject, timestamp } from '../response.schemas';
import {
  createOf,
  expectedVersion,
  listQuery,
  optionalText,
  patchOf,
  recordId,
  recordStamps,
  sortFields,
  type Versioned,
} from './crm.schemas';
import { SORT_ORDERS, type SortOrder } from '../../domain/shared/list-page';

export const pipelineName = Joi.string().trim().min(1).max(60);
const stageName = Joi.string().trim().min(1).max(60);
const stageColor = Joi.string().pattern(/^#[0-9A-Fa-f]{6}$/);

const ISO_DAY = /^(19|[2-9]\d)\d{2}-\d{2}-\d{2}$/;
const isoDay = Joi.string()
  .pattern(ISO_DAY)
  // Only a well-shaped day is checked against the calendar: another shape is told once, by the pattern.
  .custom((value: string, helpers) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !ISO_DAY.test(value) || (!Number.isNaN(day.getTime()) && day.toISOString().startsWith(value))
      ? value
      : helpers.error('any.invalid');
  })
  .messages({
    'string.pattern.base': '{#label} must be a date as YYYY-MM-DD, from 1900',
    'any.invalid': '{#label} is not a calendar date',
  })
  .description('YYYY-MM-DD');

// Money as the database writes numeric(12,2): a decimal string with exactly two decimals. Sums may be longer.
const dealValue = Joi.string()
  .pattern(/^\d{1,10}\.\d{2}$/)
  .description('Decimal string with two decimals, e.g. "1500.00"');
export const moneySum = Joi.string()
  .pattern(/^\d+\.\d{2}$/)
  .description('Decimal string with two decimals');

/** The list's filters as the client names them (`contact` is the board's older name for `contactId`). */
type DealQuery = Pick<DealFilter, 'pipeline' | 'stage' | 'contactId' | 'companyId'> &
  BoardFilterQuery & { order?: 'position' | SortOrder; sort?: string };
type BoardFilterQuery = Pick<DealFilter, 'search' | 'valueMin' | 'valueMax' | 'closeBy'> & {
  owner?: number;
  contact?: number;
  closeWithin?: number;
};

const moneyBound = Joi.string()
  .pattern(DEAL_VALUE_PATTERN)
  .messages({ 'string.pattern.base': '{#label} must be a decimal string like 1234.56' });

/** The board's filters, the same on the deal list and on the column totals. */
const boardFilters: Joi.StrictSchemaMap<BoardFilterQuery> = {
  owner: recordId,
  contact: recordId.description('Deals this contact is in, with any role (the same as contactId)'),
  search: Joi.string().trim().min(1).max(200).description('Text in the title'),
  valueMin: moneyBound.description('Value at least'),
  valueMax: moneyBound.description('Value at most'),
  closeBy: isoDay.description('Expected close on or before this day'),
  closeWithin: Joi.number()
    .integer()
    .min(0)
    .max(3660)
    .description(
      'Expected close within this many days from today (UTC), overdue ones included: a window that moves with the days, as a saved view keeps it; not with closeBy',
    ),
};

/** The day `days` after today (UTC), as closeBy names it. */
const daysFromToday = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The client's names for the board filters as the domain's. */
export const toSummaryFilter = (q: BoardFilterQuery): SummaryFilter => ({
  ownerId: q.owner,
  contactId: q.contact,
  search: q.search,
  valueMin: q.valueMin,
  valueMax: q.valueMax,
  closeBy: q.closeWithin === undefined ? q.closeBy : daysFromToday(q.closeWithin),
  customFields: customFieldFilters(q),
});

const probability = Joi.number().integer().min(0).max(100);

const fields: Joi.StrictSchemaMap<DealFields> = {
  title: Joi.string().trim().min(1).max(200),
  value: Joi.string()
    .pattern(DEAL_VALUE_PATTERN)
    .messages({
      'string.pattern.base': `{#label} must be a decimal string from 0 to ${DEAL_VALUE_MAX} with at most 2 decimals`,
    })
    .description(`Decimal string, at most ${DEAL_VALUE_MAX}`),
  currency: Joi.string()
    .pattern(/^[A-Z]{3}$/)
    .messages({ 'string.pattern.base': '{#label} must be a 3-letter ISO 4217 code' }),
  stage: stageName.description("A stage of the deal's pipeline; the first one by default"),
  pipeline: pipelineName,
  probability: probability
    .allow(null)
    .description("Set by hand (kept when the deal changes stage); null or left out: the stage's, following it"),
  expectedCloseDate: isoDay.allow(null),
  lostReason: optionalText(500).description('Required when the stage is a lost stage'),
  notes: optionalText(10_000),
  customFields: customFieldValues,
  contactId: recordId
    .allow(null)
    .description('The primary person: that contact becomes the primary link (the one before stays in the deal)'),
  companyId: recordId.allow(null).description('The company the deal is with'),
  ownerId: recordId.allow(null).description('Defaults to the signed-in user'),
};

const contactRole = Joi.string()
  .valid(...DEAL_CONTACT_ROLES)
  .description('The part the person plays in the deal');

/** The deal's people as PUT /deals/:id/contacts takes them, and the deal's create and update beside its fields. */
const contactLinks = Joi.array()
  .items(
    Joi.object<DealContactLink, true>({
      contactId: recordId.required(),
      role: contactRole.default('other'),
      primary: Joi.boolean().default(false).description('At most one item is primary'),
    }),
  )
  .max(100)
  .unique('contactId')
  .messages({ 'array.unique': '{#label} names a contact already in the list' });

/** The deal's people as PUT /deals/:id/contacts takes them. */
export interface DealContactsBody {
  items: DealContactLink[];
  updatedAt?: Date;
}

const dealContact = responseObject({
  id,
  name: Joi.string(),
  role: contactRole,
  primary: Joi.boolean(),
} satisfies Joi.StrictSchemaMap<DealContact>);

export const dealSchemas = {
  listQuery: listQuery<DealQuery>({
    pipeline: pipelineName,
    stage: stageName,
    ...boardFilters,
    contactId: recordId.description('Deals this contact is in, with any role, primary or not'),
    companyId: recordId.description("The company's deals"),
    order: Joi.string()
      .valid('position', ...SORT_ORDERS)
      .description(
        "position: a board column's order (with stage); with sort, asc (the default) or desc; newest first otherwise",
      ),
    sort: sortFields(DEAL_SORTS).sort,
  })
    .when(Joi.object({ sort: Joi.exist() }).unknown(), {
      then: Joi.object({
        // A column's order, not the board's: position orders a board column.
        order: Joi.string().invalid('position').messages({ 'any.invalid': 'with sort, order is asc or desc' }),
      }),
    })
    .pattern(CUSTOM_FIELD_FILTER, customFieldFilterValue)
    .oxor('contact', 'contactId')
    .oxor('closeBy', 'closeWithin'),
  create: createOf(fields, ['title'])
    .append<Partial<DealFields> & Pick<DealFields, 'title'> & DealPeople>({
      contacts: contactLinks.description(
        'Everyone in the deal, saved with it in one transaction (contactId then follows the primary one)',
      ),
    })
    .oxor('contactId', 'contacts'),
  update: patchOf(fields)
    .append<Partial<DealFields> & Versioned & DealPeople>({
      contacts: contactLinks.description(
        "Replaces the deal's people, with the other changes in one transaction (contactId follows the primary one)",
      ),
    })
    .oxor('contactId', 'contacts'),
  move: Joi.object<DealMove, true>({
    pipeline: pipelineName.description(
      'Another pipeline to move the deal to (not an archived one): `stage` is then one of its stages',
    ),
    stage: fields.stage.required().description("A stage of the deal's own pipeline, or of the one `pipeline` names"),
    lostReason: fields.lostReason,
    position: Joi.number().description(
      "The midpoint of its new neighbours' positions; after the column's last card when omitted",
    ),
    closedAt: isoDay.description(
      'The day it was won or lost, not after today (UTC): only into a won or lost stage; now when left out',
    ),
    updatedAt: expectedVersion,
  }),
  contacts: Joi.object<DealContactsBody, true>({
    items: contactLinks.required().description("Everyone in the deal: replaces the deal's people"),
    updatedAt: expectedVersion,
  }),
  item: responseObject({
    id,
    title: Joi.string(),
    value: dealValue,
    currency: fields.currency,
    stage: Joi.string(),
    pipeline: Joi.string(),
    probability: probability.description("Percent: the stage's unless probabilityManual"),
    probabilityManual: Joi.boolean().description(
      'Set by hand: kept when the deal changes stage; PATCH probability null hands it back to the stage',
    ),
    expectedCloseDate: Joi.string()
      .pattern(/^\d{4}-\d{2}-\d{2}$/)
      .allow(null)
      .description('YYYY-MM-DD'),
    closedAt: timestamp
      .allow(null)
      .description(
        'Set while the deal is in a won or lost stage: noon UTC of the day given on the move (now if that is still to come), else when it entered the stage',
      ),
    lostReason: Joi.string().allow(null),
    notes: Joi.string().allow(null),
    customFields: customFieldValuesOut,
    contactId: id.allow(null).description("The primary person's id; null when no one is primary"),
    contactName: Joi.string().allow(null),
    contacts: Joi.array().items(dealContact).description('Everyone in the deal, the primary one first'),
    companyId: id.allow(null),
    companyName: Joi.string().allow(null),
    ownerId: id.allow(null),
    ownerName: Joi.string().allow(null),
    hasPendingActivity: Joi.boolean().description('A pending activity is planned for it'),
    position: Joi.number().description("Its place in its stage's column on the board, ascending"),
    ...recordStamps,
  } satisfies Joi.StrictSchemaMap<Deal>),
};

const stageFields: Joi.StrictSchemaMap<StageFields> = {
  stage: stageName,
  color: stageColor.messages({ 'string.pattern.base': '{#label} must be a colour like #3B82F6' }),
  probability: Joi.number().integer().min(0).max(100),
  kind: Joi.string()
    .valid(...STAGE_KINDS)
    .description('open, or won/lost: entering it closes the deal'),
  staleDays: Joi.number()
    .integer()
    .min(1)
    .max(365)
    .description('A deal unchanged for more days is marked stale on the board'),
};
const staleDays = Joi.number().integer().min(1).max(365);

/** A stage to add: its name, and the rest by default. */
export const newStage = Joi.object<StageFields, true>({
  ...stageFields,
  stage: stageFields.stage.required(),
  color: stageFields.color.default('#3B82F6'),
  probability: stageFields.probability.default(0),
  kind: stageFields.kind.default('open'),
  staleDays: staleDays.default(STALE_DAYS_DEFAULT),
});

export const pipelineParams = Joi.object<Pick<PipelineStage, 'pipeline'>, true>({ pipeline: pipelineName.required() });
const stageParams = Joi.object<Pick<PipelineStage, 'pipeline' | 'id'>, true>({
  pipeline: pipelineName.required(),
  id: recordId.required(),
});

export const stageSchemas = {
  list: { params: pipelineParams },
  summary: {
    params: pipelineParams,
    query: Joi.object<BoardFilterQuery, true>(boardFilters)
      .pattern(CUSTOM_FIELD_FILTER, customFieldFilterValue)
      .oxor('closeBy', 'closeWithin'),
  },
  create: { params: pipelineParams, body: newStage },
  update: {
    params: stageParams,
    body: Joi.object<Partial<StageFields> & Versioned>({ ...stageFields, updatedAt: expectedVersion }).min(1),
  },
  remove: {
    params: stageParams,
    query: Joi.object<{ moveTo?: string }, true>({
      moveTo: stageName.description(
        "A stage of the same kind to move the stage's deals to first (after its last card), in the same transaction",
      ),
    }),
  },
  reorder: {
    params: pipelineParams,
    body: Joi.object<{ stageIds: number[] }, true>({
      stageIds: Joi.array().items(recordId).min(1).max(100).required(),
    }),
  },
};

const stageOrder = Joi.number().integer().min(1).description('1 for the first column');
const stage = responseObject({
  id,
  pipeline: Joi.string(),
  stage: Joi.string(),
  order: stageOrder,
  color: stageColor,
  probability: stageFields.probability,
  kind: stageFields.kind,
  staleDays,
  updatedAt: timestamp,
} satisfies Joi.StrictSchemaMap<PipelineStage>);

export const stageResponses = {
  stage,
  stages: itemsResponse(stage),
  summary: itemsResponse(
    responseObject({
      stageId: id,
      stage: Joi.string(),
      order: stageOrder,
      color: stageColor,
      kind: stageFields.kind,
      dealCount: count,
      valueSum: moneySum,
      weightedValueSum: moneySum.description(
        'Sum of value × probability / 100; 0 for a won or lost stage (closed deals are not forecast)',
      ),
    } satisfies Joi.StrictSchemaMap<StageSummary>),
  ),
};
