import type { ConsentChannel, LegalBasisKind } from './api/get-consents';

// The choices each list offers, in the order shown (the compiler checks none is missing).
const keysOf = <K extends string>(record: Record<K, 0>) => Object.keys(record) as K[];

/** The legal bases of LGPD Art. 7 a contact's data can be held on. */
export const LEGAL_BASES = keysOf<LegalBasisKind>({
  consent: 0,
  contract: 0,
  legitimate_interest: 0,
  legal_obligation: 0,
  credit_protection: 0,
  other: 0,
});

/** The channels a consent is recorded for, in the order the contact's page shows them. */
export const CONSENT_CHANNELS = keysOf<ConsentChannel>({ email: 0, whatsapp: 0, phone: 0 });
