import Joi from 'joi';
import type { GoalSummary } from '../../domain/goals/goal';
import type {
  HomeDeal,
  PersonCount,
  PersonDeals,
  PipelineStageFigures,
  RecentContact,
  SourceCount,
} from '../../domain/home/home';
import { PIPELINE_KEY_PATTERN } from '../../domain/deals/pipeline';
import { activitySchemas } from '../crm/activities.schemas';
import { recordId } from '../crm/crm.schemas';
import { goalFigures, goalItem, goalPace, goalTargets, money } from '../crm/goals.schemas';
import { count, id, responseObject, timestamp } from '../response.schemas';

const userId = recordId.description(
  'Whose figures. Admins: a person, or absent for the whole team; others: only themselves (403 for someone else)',
);

export const homeSchemas = {
  query: Joi.object<{ userId?: number }, true>({ userId }),
  pipelineQuery: Joi.object<{ userId?: number; pipeline?: string }, true>({
    userId,
    pipeline: Joi.string()
      .pattern(PIPELINE_KEY_PATTERN)
      .description(
        "Which pipeline's stages and closings (its key; 404 PIPELINE.NOT_FOUND for none such); default: the default pipeline, as the board opens",
      ),
  }),
};

const activities = responseObject({ items: Joi.array().items(activitySchemas.item), total: count });

const deal = responseObject({
  id,
  title: Joi.string(),
  value: money,
  stage: Joi.string(),
  pipeline: Joi.string(),
  probability: Joi.number().integer().min(0).max(100).description('Percent, as the board weighs it'),
  expectedCloseDate: Joi.string().allow(null).description('YYYY-MM-DD'),
  contactId: id.allow(null),
  contactName: Joi.string().allow(null),
  ownerId: id.allow(null),
  ownerName: Joi.string().allow(null),
  updatedAt: timestamp,
} satisfies Joi.StrictSchemaMap<HomeDeal>);

const person = { userId: id, userName: Joi.string(), count };

export const homeResponses = {
  agenda: responseObject({
    overdue: activities.description('Pending, due before now, the oldest first (at most 50)'),
    today: activities.description("Pending, due from now to the end of the viewer's day, by time (at most 50)"),
  }),
  noNextStep: responseObject({
    items: Joi.array().items(deal).description('At most 20, the longest unchanged first'),
    total: count,
  }),
  pipeline: responseObject({
    pipeline: Joi.string().description('The pipeline counted (its key): the one asked for, else the default one'),
    stages: Joi.array()
      .items(
        responseObject({
          stage: Joi.string().description("The stage's name as deals carry it (seeded stages: a key to translate)"),
          name: Joi.string().description('The same name'),
          color: Joi.string(),
          count,
          value: money,
          weighted: money.description("Σ value × the deal's probability / 100, as the board's stage summary"),
        } satisfies Joi.StrictSchemaMap<PipelineStageFigures>),
      )
      .description("The pipeline's open stages, in the board's order, with the owner's open deals"),
    closingThisMonth: responseObject({
      count,
      value: money,
      items: Joi.array().items(deal).description('At most 10, the soonest expected close first'),
    }).description("The pipeline's open deals expected to close within the viewer's month"),
  }),
  goal: responseObject({
    goal: goalTargets.allow(null).description('null: no goal set'),
    actual: goalFigures,
    pace: goalPace,
  } satisfies Joi.StrictSchemaMap<GoalSummary>),
  recentContacts: responseObject({
    items: Joi.array()
      .items(
        responseObject({
          id,
          name: Joi.string(),
          company: Joi.string().allow(null),
          email: Joi.string().allow(null),
          phone: Joi.string().allow(null),
          status: Joi.string(),
          touchedAt: timestamp,
        } satisfies Joi.StrictSchemaMap<RecentContact>),
      )
      .description('At most 10, the most recently touched first'),
  }),
  team: responseObject({
    activitiesDoneThisWeek: Joi.array()
      .items(responseObject(person satisfies Joi.StrictSchemaMap<PersonCount>))
      .description('Every active person, most first'),
    staleDeals: Joi.array()
      .items(responseObject({ ...person, value: money } satisfies Joi.StrictSchemaMap<PersonDeals>))
      .description("Per owner, open deals unchanged for longer than their stage's stale days, most first"),
    goals: Joi.array().items(goalItem).description("This month's goals, as GET /api/crm/goals answers an admin"),
    newLeadsThisWeek: Joi.array()
      .items(
        responseObject({
          source: Joi.string().allow(null),
          count,
        } satisfies Joi.StrictSchemaMap<SourceCount>),
      )
      .description('Contacts created this week, by source, most first'),
  }),
};
