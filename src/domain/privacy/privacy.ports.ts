import type { Page, PageRequest } from '../shared/list-page';
import type { Consent, ConsentState, NewConsent } from './consent';

export interface ConsentRepository {
  add(values: NewConsent): Promise<Consent>;
  /** Newest first. */
  list(contactId: number, page: PageRequest): Promise<Page<Consent>>;
  /** Each channel's latest record. */
  state(contactId: number): Promise<ConsentState>;
  /** Whether the contact exists. */
  contactExists(contactId: number): Promise<boolean>;
}
