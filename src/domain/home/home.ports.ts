import type { Window } from '../goals/calendar';
import type { Agenda, AgendaQuery, ClosingDeals, DealList, RecentContact, TeamFigures } from './home';

/** ownerId / userId null: the whole team. */
export interface HomeRepository {
  /**
   * The agenda's two lists, each ordered and counted as the activities list orders and counts one (due first, the
   * total exact up to 10,000, then 10,000).
   */
  agenda(query: AgendaQuery, limit: number): Promise<Agenda>;
  /** Open deals (an open stage) with no pending activity, the longest unchanged first, and how many there are. */
  noNextStep(ownerId: number | null, limit: number): Promise<DealList>;
  /** A pipeline's open deals expected to close on a day of [first, next) (YYYY-MM-DD), soonest first. */
  closing(
    ownerId: number | null,
    pipeline: string,
    days: { first: string; next: string },
    limit: number,
  ): Promise<ClosingDeals>;
  /** The contacts whose latest entries a person made (not an import's or a bulk change's), newest first. */
  recentContacts(userId: number | null, limit: number): Promise<RecentContact[]>;
  /**
   * The team this week and now: every active user and how many activities assigned to them were completed within the
   * week, most first; per owner, open deals unchanged for longer than their stage's stale days at `now`, most first;
   * contacts created within the week by source, most first.
   */
  team(week: Window, now: Date): Promise<TeamFigures>;
}
