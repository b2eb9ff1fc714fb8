import { inject, injectable } from 'inversify';
import Joi from 'joi';
import { actorOf } from '../../domain/privacy/consents.service';
import { RETENTION_SERVICE } from '../../domain/privacy/privacy.tokens';
import {
  RETENTION_KINDS,
  RETENTION_MONTHS_MAX,
  type RetentionCandidate,
  type RetentionKind,
  type RetentionRule,
} from '../../domain/privacy/retention';
import { RETENTION_DECIDE_MAX, type RetentionService } from '../../domain/privacy/retention.service';
import { pageQuery, recordId } from '../crm/crm.schemas';
import { viewerOf } from '../crm/crm-routes';
import { count, id, itemsResponse, pageResponse, responseObject, timestamp } from '../response.schemas';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';

const kind = Joi.string()
  .valid(...RETENTION_KINDS)
  .description(
    'inactive_leads: leads with nothing done for `months`; lost_deal_contacts: all their deals lost, the last more than `months` ago',
  );
const rule = responseObject({
  kind,
  months: Joi.number().integer().min(1).max(RETENTION_MONTHS_MAX),
  active: Joi.boolean(),
  updatedBy: id.allow(null),
  updatedAt: timestamp,
} satisfies Joi.StrictSchemaMap<RetentionRule>);
const ruleChange = Joi.object<{ months?: number; active?: boolean }, true>({
  months: Joi.number().integer().min(1).max(RETENTION_MONTHS_MAX).description('The period, in months'),
  active: Joi.boolean().description('Whether the daily scan lists what the rule finds'),
}).min(1);
const candidate = responseObject({
  id,
  rule: kind,
  contactId: id,
  contactName: Joi.string(),
  contactStatus: Joi.string(),
  contactUpdatedAt: timestamp,
  foundAt: timestamp,
  decision: Joi.string().valid('anonymized', 'kept').allow(null),
  decidedBy: id.allow(null),
  decidedAt: timestamp.allow(null),
} satisfies Joi.StrictSchemaMap<RetentionCandidate>);
const candidatesQuery = Joi.object<{ limit: number; cursor?: string; decided: boolean }, true>({
  limit: pageQuery.limit,
  cursor: pageQuery.cursor,
  decided: Joi.boolean().default(false).description('true: those decided (the history); false: those waiting'),
});
const decideBody = Joi.object<{ ids: number[]; action: 'anonymize' | 'keep' }, true>({
  ids: Joi.array().items(recordId).min(1).max(RETENTION_DECIDE_MAX).unique().required(),
  action: Joi.string()
    .valid('anonymize', 'keep')
    .required()
    .description('anonymize: as POST /api/privacy/contacts/:id/anonymize; keep: not listed again for a whole period'),
});
const BASE = '/api/privacy/retention';

/** Retention rules, the contacts they list, and an admin's decision on each (admins, signed in). */
@injectable()
export class RetentionRouter implements HttpRouter {
  constructor(@inject(RETENTION_SERVICE) private readonly retention: RetentionService) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: `${BASE}/rules`,
        access: ['admin'],
        tag: 'privacy',
        summary: 'The retention rules, each off until an admin turns it on',
        response: itemsResponse(rule),
        handler: async () => ({ items: await this.retention.rules() }),
      }),
      defineRoute({
        method: 'patch',
        path: `${BASE}/rules/:kind`,
        access: ['admin'],
        tag: 'privacy',
        summary: "Changes a rule's period or turns it on or off (in the record of operations)",
        schemas: { params: Joi.object<{ kind: RetentionKind }, true>({ kind: kind.required() }), body: ruleChange },
        response: rule,
        handler: ({ params, body }, req) =>
          this.retention.updateRule(actorOf(viewerOf(req), req.ip ?? null), params.kind, body),
      }),
      defineRoute({
        method: 'post',
        path: `${BASE}/scan`,
        access: ['admin'],
        tag: 'privacy',
        summary: 'Runs the daily scan now: lists what the active rules find (nothing is anonymized)',
        response: responseObject({
          listed: Joi.object(Object.fromEntries(RETENTION_KINDS.map((k) => [k, count.optional()]))).description(
            'How many contacts each active rule listed (a rule turned off is left out)',
          ),
        }),
        handler: async () => ({ listed: await this.retention.scan() }),
      }),
      defineRoute({
        method: 'get',
        path: `${BASE}/candidates`,
        access: ['admin'],
        tag: 'privacy',
        summary: 'The contacts the rules listed, waiting for a decision (or, decided=true, decided), newest first',
        schemas: { query: candidatesQuery },
        response: pageResponse(candidate),
        handler: ({ query }) => this.retention.candidates(!query.decided, { limit: query.limit, cursor: query.cursor }),
      }),
      defineRoute({
        method: 'post',
        path: `${BASE}/candidates/decide`,
        access: ['admin'],
        tag: 'privacy',
        summary: `Decides on up to ${RETENTION_DECIDE_MAX} listed contacts in one transaction: anonymize them, or keep them`,
        schemas: { body: decideBody },
        response: responseObject({ decided: count }),
        handler: ({ body }, req) =>
          this.retention.decide(actorOf(viewerOf(req), req.ip ?? null), body.ids, body.action),
      }),
    ];
  }
}
