import { inject, injectable } from 'inversify';
import { RecordNotFoundError } from '../crm/crm.errors';
import type { Page, PageRequest } from '../shared/list-page';
import { UNIT_OF_WORK } from '../shared/shared.tokens';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import type { Viewer } from '../shared/viewer';
import type { Consent, ConsentChannel, ConsentSource, ConsentState } from './consent';
import type { LegalBasis, LegalBasisRecord } from './legal-basis';
import type { AuditActor } from './privacy-audit';
import { ConsentRevokedError } from './privacy.errors';
import type { AuditTrail, ConsentRepository } from './privacy.ports';
import { AUDIT_TRAIL, CONSENT_REPOSITORY } from './privacy.tokens';

export interface ConsentInput {
  channel: ConsentChannel;
  granted: boolean;
  text?: string | null;
  source?: 'manual' | 'api';
}

export interface LegalBasisInput {
  legalBasis: LegalBasis;
  note?: string | null;
  source?: 'manual' | 'api';
}

/**
 * A contact's consents, channel by channel, and the legal basis its data is processed on (LGPD): recorded, never
 * changed or deleted; the latest record is the state. Everyone who sees the contact may record one (whoever takes
 * the call that says "stop writing to me" records it); a change made with an API key is recorded as the API's; each
 * record is in the audit trail.
 */
@injectable()
export class ConsentsService {
  constructor(
    @inject(CONSENT_REPOSITORY) private readonly consents: ConsentRepository,
    @inject(AUDIT_TRAIL) private readonly audit: AuditTrail,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
  ) {}

  async list(
    _viewer: Viewer,
    contactId: number,
    page: PageRequest,
  ): Promise<Page<Consent> & { state: ConsentState; legalBasis: LegalBasisRecord | null }> {
    await this.contact(contactId);
    const listed = await this.consents.list(contactId, page);
    return { ...listed, state: await this.consents.state(contactId), legalBasis: await this.consents.basis(contactId) };
  }

  record(viewer: Viewer, contactId: number, input: ConsentInput, address: string | null): Promise<Consent> {
    return this.uow.run(async () => {
      await this.contact(contactId);
      const consent = await this.consents.add({
        contactId,
        channel: input.channel,
        granted: input.granted,
        text: input.text ? input.text : null,
        source: sourceOf(viewer, input.source),
        address,
        recordedBy: viewer.id,
      });
      await this.audit.record(actorOf(viewer, address), {
        action: 'consent.recorded',
        contactId,
        detail: { channel: consent.channel, granted: consent.granted, source: consent.source },
      });
      return consent;
    });
  }

  recordBasis(viewer: Viewer, contactId: number, input: LegalBasisInput, address: string | null) {
    return this.uow.run(async () => {
      await this.contact(contactId);
      const record = await this.consents.addBasis({
        contactId,
        basis: input.legalBasis,
        source: sourceOf(viewer, input.source),
        note: input.note ? input.note : null,
        recordedBy: viewer.id,
      });
      await this.audit.record(actorOf(viewer, address), {
        action: 'legal_basis.recorded',
        contactId,
        detail: { legalBasis: record.basis, source: record.source },
      });
      return record;
    });
  }

  /** Refuses a message on a channel whose latest consent record is a revocation (no record: nothing refused). */
  async assertReachable(contactId: number, channel: ConsentChannel): Promise<void> {
    const state = (await this.consents.state(contactId))[channel];
    if (state && !state.granted) throw new ConsentRevokedError(channel, state.since);
  }

  private async contact(contactId: number): Promise<void> {
    if (!(await this.consents.contactExists(contactId))) throw new RecordNotFoundError('CONTACT.NOT_FOUND', 'Contact');
  }
}

function sourceOf(viewer: Viewer, asked: 'manual' | 'api' | undefined): ConsentSource {
  return viewer.apiKey !== undefined ? 'api' : (asked ?? 'manual');
}

export function actorOf(viewer: Viewer, address: string | null): AuditActor {
  return { userId: viewer.id, apiKeyName: viewer.apiKey ?? null, address };
}
