import { inject, injectable } from 'inversify';
import { RecordNotFoundError } from '../crm/crm.errors';
import type { Page, PageRequest } from '../shared/list-page';
import type { Viewer } from '../shared/viewer';
import type { Consent, ConsentChannel, ConsentState } from './consent';
import type { ConsentRepository } from './privacy.ports';
import { CONSENT_REPOSITORY } from './privacy.tokens';

export interface ConsentInput {
  channel: ConsentChannel;
  granted: boolean;
  text?: string | null;
  source?: 'manual' | 'api';
}

/**
 * A contact's consents, channel by channel (LGPD): recorded, never changed or deleted; the latest record of a channel
 * is its state. Everyone who sees the contact may record one (whoever takes the call that says "stop writing to me"
 * records it); a change made with an API key is recorded as the API's.
 */
@injectable()
export class ConsentsService {
  constructor(@inject(CONSENT_REPOSITORY) private readonly consents: ConsentRepository) {}

  async list(_viewer: Viewer, contactId: number, page: PageRequest): Promise<Page<Consent> & { state: ConsentState }> {
    await this.contact(contactId);
    const listed = await this.consents.list(contactId, page);
    return { ...listed, state: await this.consents.state(contactId) };
  }

  async record(viewer: Viewer, contactId: number, input: ConsentInput, address: string | null): Promise<Consent> {
    await this.contact(contactId);
    return this.consents.add({
      contactId,
      channel: input.channel,
      granted: input.granted,
      text: input.text ? input.text : null,
      source: viewer.apiKey !== undefined ? 'api' : (input.source ?? 'manual'),
      address,
      recordedBy: viewer.id,
    });
  }

  private async contact(contactId: number): Promise<void> {
    if (!(await this.consents.contactExists(contactId))) throw new RecordNotFoundError('CONTACT.NOT_FOUND', 'Contact');
  }
}
