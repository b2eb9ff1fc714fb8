import type { MergeKind } from './merge';

/**
 * Why records look like one: contacts by the same e-mail, the same phone number (however written) or similar names
 * (trigram similarity, accents and case ignored) in the same company; companies by the same CNPJ root (the first
 * eight characters: one organization's branches), the same e-mail domain or the same name once case, accents,
 * punctuation and the legal form (Ltda, S.A., ME, EPP, Eireli) are set aside.
 */
export const DUPLICATE_GROUP_REASONS = {
  contact: ['email', 'phone', 'name'],
  company: ['cnpjRoot', 'emailDomain', 'name'],
} as const satisfies Record<MergeKind, readonly string[]>;
export type DuplicateReason = (typeof DUPLICATE_GROUP_REASONS)[MergeKind][number];

/**
 * How sure the match is, 0 to 1: an exact key is surer than a likeness. Groups are listed by confidence, surest
 * first; a likeness of names counts as its similarity scaled below every exact key.
 */
export const REASON_CONFIDENCE: Record<DuplicateReason, number> = {
  email: 1,
  cnpjRoot: 0.95,
  phone: 0.9,
  emailDomain: 0.85,
  name: 0.8,
};

/** One record of a group, as the duplicates screen shows it side by side. */
export interface DuplicateMember {
  id: number;
  name: string;
  /** Contacts: e-mail; companies: CNPJ. */
  detail: string | null;
  /** Contacts: phone; companies: e-mail domain. */
  detail2: string | null;
  /** Contacts: company name; companies: city. */
  detail3: string | null;
  ownerId: number | null;
  ownerName: string | null;
  createdBy: number | null;
  createdAt: Date;
}

/** Records that look like one: two or more, never a group whose every pair was marked "not a duplicate". */
export interface DuplicateGroup {
  kind: MergeKind;
  reason: DuplicateReason;
  /** 0 to 1, surest first. */
  confidence: number;
  /** What they share (the e-mail, the phone key, the CNPJ root, the domain, the folded name). */
  key: string;
  members: DuplicateMember[];
}

/** The pairs of a group: every two of its ids, the smaller first. */
export function pairsOf(ids: number[]): [number, number][] {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const pairs: [number, number][] = [];
  for (let i = 0; i < sorted.length; i += 1)
    for (let j = i + 1; j < sorted.length; j += 1) pairs.push([sorted[i]!, sorted[j]!]);
  return pairs;
}
