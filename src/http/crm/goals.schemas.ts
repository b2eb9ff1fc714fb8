import Joi from 'joi';
import { PIPELINE_KEY_PATTERN } from '../../domain/deals/pipeline';
import { MONTH_PATTERN } from '../../domain/goals/calendar';
import {
  GOAL_HISTORY_MONTHS_MAX,
  type GoalFigures,
  type GoalHistory,
  type GoalHistoryMonth,
  type GoalInput,
  type GoalItem,
  type GoalPace,
  type GoalTargets,
  type MonthGoals,
} from '../../domain/goals/goal';
import { count, id, responseObject } from '../response.schemas';
import { recordId } from './crm.schemas';

/** numeric(14,2): BRL, as a number with at most two decimals. */
export const GOAL_VALUE_MAX = 999_999_999_999.99;
export const money = Joi.number().min(0).description('BRL, a number with two decimals at most');

export const month = Joi.string()
  .pattern(MONTH_PATTERN)
  .messages({ 'string.pattern.base': '{#label} must be a month as YYYY-MM' })
  .description('YYYY-MM');

const goalLine = Joi.object<GoalInput, true>({
  userId: recordId.required(),
  wonValue: Joi.number().min(0).max(GOAL_VALUE_MAX).precision(2).required().description('BRL'),
  wonCount: Joi.number().integer().min(0).max(1_000_000).allow(null).description('Deals won; null: no goal'),
  activitiesDone: Joi.number()
    .integer()
    .min(0)
    .max(1_000_000)
    .allow(null)
    .description('Activities completed; null: no goal'),
});

const pipeline = Joi.string()
  .pattern(PIPELINE_KEY_PATTERN)
  .description(
    "One pipeline's goals, counting its won deals (its key; 404 PIPELINE.NOT_FOUND for none such); without it the goals for every pipeline, counting all won deals. Activities done are the person's either way",
  );

export const goalSchemas = {
  monthQuery: Joi.object<{ month?: string; pipeline?: string }, true>({
    month: month.description('YYYY-MM; the current month when absent'),
    pipeline,
  }),
  putQuery: Joi.object<{ month: string; pipeline?: string }, true>({ month: month.required(), pipeline }),
  putBody: Joi.object<{ items: GoalInput[] }, true>({
    items: Joi.array()
      .items(goalLine)
      .max(1000)
      .unique('userId')
      .required()
      .description("The month's goals, one per person; whoever is left out has none"),
  }),
  historyQuery: Joi.object<{ userId?: number; months: number; pipeline?: string }, true>({
    userId: recordId.description('Admins: anyone; others: only themselves. Yourself when absent'),
    pipeline,
    months: Joi.number().integer().min(1).max(GOAL_HISTORY_MONTHS_MAX).default(6),
  }),
};

export const goalTargets = responseObject({
  wonValue: money,
  wonCount: count.allow(null),
  activitiesDone: count.allow(null),
} satisfies Joi.StrictSchemaMap<GoalTargets>);

export const goalFigures = responseObject({
  wonValue: money.description('Won deals they own closed within the month (BRL)'),
  wonCount: count,
  activitiesDone: count.description('Activities assigned to them completed within the month'),
} satisfies Joi.StrictSchemaMap<GoalFigures>);

export const goalPace = responseObject({
  wonValue: money
    .allow(null)
    .description('Where the won value should stand by the end of today: goal × elapsed days / days in month'),
} satisfies Joi.StrictSchemaMap<GoalPace>);

export const goalItem = responseObject({
  userId: id,
  userName: Joi.string(),
  goal: goalTargets.allow(null).description('null: no goal set for the month'),
  actual: goalFigures,
  pace: goalPace,
} satisfies Joi.StrictSchemaMap<GoalItem>);

const daysInMonth = Joi.number().integer().min(28).max(31);
const pipelineAnswer = Joi.string()
  .allow(null)
  .description("The pipeline's goals and won deals; null: every pipeline's");

export const goalResponses = {
  month: responseObject({
    month: Joi.string(),
    pipeline: pipelineAnswer,
    daysInMonth,
    dayOfMonth: Joi.number()
      .integer()
      .min(0)
      .max(31)
      .description("Today's day for the current month, every day for a past month, 0 for a future one"),
    items: Joi.array()
      .items(goalItem)
      .description('Admins: every active person (and anyone with a goal); others: themselves'),
  } satisfies Joi.StrictSchemaMap<MonthGoals>),
  history: responseObject({
    userId: id,
    userName: Joi.string(),
    pipeline: pipelineAnswer,
    items: Joi.array()
      .items(
        responseObject({
          month: Joi.string(),
          daysInMonth,
          goal: goalTargets.allow(null),
          actual: goalFigures,
          pace: goalPace,
        } satisfies Joi.StrictSchemaMap<GoalHistoryMonth>),
      )
      .description('Oldest first, the current month last'),
  } satisfies Joi.StrictSchemaMap<GoalHistory>),
};
