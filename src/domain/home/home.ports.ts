import type { Window } from '../goals/calendar';
import type { ClosingDeals, DealList, PersonCount, PersonDeals, RecentContact, SourceCount } from './home';

/** ownerId / userId null: the whole team. */
export interface HomeRepository {
  /** Open deals (an open stage) with no pending activity, the longest unchanged first, and how many there are. */
  noNextStep(ownerId: number | null, limit: number): Promise<DealList>;
  /** Open deals expected to close on a day of [first, next) (YYYY-MM-DD), soonest first. */
  closing(ownerId: number | null, days: { first: string; next: string }, limit: number): Promise<ClosingDeals>;
  /** The contacts whose latest entries a person made (not an import's or a bulk change's), newest first. */
  recentContacts(userId: number | null, limit: number): Promise<RecentContact[]>;
  /** Every active user and how many activities assigned to them were completed within the window, most first. */
  activitiesDone(window: Window): Promise<PersonCount[]>;
  /** Per owner, open deals unchanged for longer than their stage's stale days at `now`, most first. */
  staleDeals(now: Date): Promise<PersonDeals[]>;
  /** Contacts created within the window, by source, most first. */
  newLeads(window: Window): Promise<SourceCount[]>;
}
