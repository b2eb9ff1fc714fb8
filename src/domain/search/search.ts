import type { ActivityStatus, ActivityType } from '../activities/activity';
import type { NoteKind } from '../notes/note';

/** What the search palette finds, one group per kind of record, best matches first. */

export interface ContactHit {
  id: number;
  name: string;
  company: string | null;
  email: string | null;
  /** As typed; the palette shows it when the text searched is a phone. */
  phone: string | null;
}

export interface DealHit {
  id: number;
  title: string;
  stage: string;
  /** Decimal string, as deals are sent. */
  value: string;
  currency: string;
  contactName: string | null;
}

export interface ActivityHit {
  id: number;
  subject: string;
  type: ActivityType;
  status: ActivityStatus;
  dueDate: Date | null;
  contactName: string | null;
}

export interface TemplateHit {
  id: number;
  name: string;
  subject: string;
  category: string | null;
}

/** A note or call whose text holds what was searched, with the contact and deal (or the company) it opens. */
export interface NoteHit {
  id: number;
  kind: NoteKind;
  /** About 160 characters of the text around the first match, whitespace collapsed, … where it was cut. */
  excerpt: string;
  occurredAt: Date;
  contactId: number | null;
  contactName: string | null;
  dealId: number | null;
  dealTitle: string | null;
  /** A note on a company itself (neither contact nor deal). */
  companyId: number | null;
  companyName: string | null;
}

export interface SearchResults {
  contacts: ContactHit[];
  deals: DealHit[];
  activities: ActivityHit[];
  /** Newest first. */
  notes: NoteHit[];
  /** Empty for roles that cannot open the templates. */
  templates: TemplateHit[];
}

/** What to search and within which records. */
export interface SearchQuery {
  /** The text typed; matched ignoring case and accents. */
  text: string;
  /** At most this many hits per kind. */
  limit: number;
  /** Only activities assigned to or created by this user; undefined: all activities. */
  activitiesOf?: number;
  /** Whether templates are searched at all. */
  templates: boolean;
}

/**
 * Rank of a hit: 0 when its name (title, subject) starts with the text, 1 when one of its words does,
 * 2 when the text is found elsewhere (inside a word, or in another field). Lower ranks first, then
 * newer records first.
 */
export type MatchRank = 0 | 1 | 2;

export interface Ranked {
  id: number;
  rank: MatchRank;
}

/** Best first: by rank, then newest (highest id) first; each record once; at most `limit`. */
export function bestFirst<T extends Ranked>(candidates: T[], limit: number): T[] {
  const byId = new Map<number, T>();
  for (const hit of candidates) {
    const seen = byId.get(hit.id);
    if (!seen || hit.rank < seen.rank) byId.set(hit.id, hit);
  }
  return [...byId.values()].sort((a, b) => a.rank - b.rank || b.id - a.id).slice(0, limit);
}
