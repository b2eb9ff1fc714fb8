import { inject, injectable } from 'inversify';
import Joi from 'joi';
import { CONSENT_CHANNELS, CONSENT_SOURCES, RECORDED_SOURCES, type Consent } from '../../domain/privacy/consent';
import type { ConsentInput, ConsentsService, LegalBasisInput } from '../../domain/privacy/consents.service';
import { LEGAL_BASES, type LegalBasisRecord } from '../../domain/privacy/legal-basis';
import { CONSENTS_SERVICE } from '../../domain/privacy/privacy.tokens';
import { cursorQuery, idParams } from '../crm/crm.schemas';
import { viewerOf } from '../crm/crm-routes';
import { id, pageResponse, responseObject, timestamp } from '../response.schemas';
import { defineRoute, type HttpRouter, type RouteDefinition } from '../route';

const channel = Joi.string()
  .valid(...CONSENT_CHANNELS)
  .description('The channel the consent is for');
const body = Joi.object<ConsentInput, true>({
  channel: channel.required(),
  granted: Joi.boolean().required().description('true: given; false: revoked'),
  text: Joi.string()
    .trim()
    .max(2000)
    .allow(null, '')
    .when('granted', { is: true, then: Joi.required() })
    .description('What the person was shown or told (required for a grant)'),
  source: Joi.string()
    .valid(...RECORDED_SOURCES)
    .description(
      'manual (the default) or api; a request with an API key is always api. Forms and imports record their own',
    ),
});

const legalBasis = Joi.string()
  .valid(...LEGAL_BASES)
  .description('The legal basis (LGPD Art. 7) the contact’s data is processed on');
const basisBody = Joi.object<LegalBasisInput, true>({
  legalBasis: legalBasis.required(),
  note: Joi.string().trim().max(2000).allow(null, '').description('Why: the contract, the interest weighed'),
  source: Joi.string()
    .valid(...RECORDED_SOURCES)
    .description('manual (the default) or api; a request with an API key is always api'),
});
const basisRecord = responseObject({
  id,
  contactId: id,
  basis: legalBasis,
  source: Joi.string().valid(...CONSENT_SOURCES),
  note: Joi.string().allow(null),
  recordedBy: id.allow(null),
  recordedByName: Joi.string().allow(null),
  createdAt: timestamp,
} satisfies Joi.StrictSchemaMap<LegalBasisRecord>);

const consent = responseObject({
  id,
  contactId: id,
  channel,
  granted: Joi.boolean(),
  text: Joi.string().allow(null),
  source: Joi.string().valid(...CONSENT_SOURCES),
  address: Joi.string().allow(null).description('Where it came from, when it came over the network'),
  recordedBy: id.allow(null),
  recordedByName: Joi.string().allow(null),
  createdAt: timestamp,
} satisfies Joi.StrictSchemaMap<Consent>);
const channelState = responseObject({ granted: Joi.boolean(), since: timestamp }).allow(null);
const consents = pageResponse(consent).keys({
  state: responseObject(Object.fromEntries(CONSENT_CHANNELS.map((c) => [c, channelState]))).description(
    "Each channel's latest record (null: none yet)",
  ),
  legalBasis: basisRecord.allow(null).description('The latest legal basis recorded (null: none yet)'),
});

const PATH = '/api/privacy/contacts/:id/consents';

/** A contact's consents and legal basis (LGPD): recorded channel by channel, append-only. */
@injectable()
export class PrivacyRouter implements HttpRouter {
  constructor(@inject(CONSENTS_SERVICE) private readonly consents: ConsentsService) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: PATH,
        access: 'signed-in',
        tag: 'privacy',
        summary: "A contact's consent records, newest first, and each channel's state",
        schemas: { params: idParams, query: cursorQuery },
        response: consents,
        errors: ['CONTACT.NOT_FOUND'],
        handler: ({ params, query }, req) => this.consents.list(viewerOf(req), params.id, query),
      }),
      defineRoute({
        method: 'post',
        path: PATH,
        access: 'signed-in',
        tag: 'privacy',
        status: 201,
        summary:
          'Records a consent given or revoked for a channel (never changed afterwards: a new record supersedes it)',
        schemas: { params: idParams, body },
        response: consent,
        errors: ['CONTACT.NOT_FOUND'],
        handler: ({ params, body: input }, req) =>
          this.consents.record(viewerOf(req), params.id, input, req.ip ?? null),
      }),
      defineRoute({
        method: 'post',
        path: '/api/privacy/contacts/:id/legal-basis',
        access: 'signed-in',
        tag: 'privacy',
        status: 201,
        summary:
          "Records the legal basis the contact's data is processed on (append-only: the latest record is the contact's basis)",
        schemas: { params: idParams, body: basisBody },
        response: basisRecord,
        errors: ['CONTACT.NOT_FOUND'],
        handler: ({ params, body: input }, req) =>
          this.consents.recordBasis(viewerOf(req), params.id, input, req.ip ?? null),
      }),
    ];
  }
}
