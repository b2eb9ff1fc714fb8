/** The channels a contact consents to be reached by (issue 29). */
export const CONSENT_CHANNELS = ['email', 'whatsapp', 'phone'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/** How a consent was given: a web form, an import, a person recording it by hand, or an integration's API call. */
export const CONSENT_SOURCES = ['form', 'import', 'manual', 'api'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
/** What the API records: forms and imports write their own. */
export const RECORDED_SOURCES = ['manual', 'api'] as const;

export interface Consent {
  id: number;
  contactId: number;
  channel: ConsentChannel;
  /** True: given; false: revoked (or refused). */
  granted: boolean;
  /** What the person was shown, or told (a revocation may have none). */
  text: string | null;
  source: ConsentSource;
  /** The address it came from, when it came over the network (a form, the API). */
  address: string | null;
  recordedBy: number | null;
  recordedByName: string | null;
  createdAt: Date;
}

export type NewConsent = Omit<Consent, 'id' | 'recordedByName' | 'createdAt'>;

/** Each channel's latest record: granted or revoked, and since when; null when nothing was ever recorded. */
export type ConsentState = Record<ConsentChannel, { granted: boolean; since: Date } | null>;
