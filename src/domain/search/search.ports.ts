import type { ActivityHit, ContactHit, DealHit, NoteHit, SearchQuery, TemplateHit } from './search';

export type Hit<T> = T & { rank: 0 | 1 | 2 };

/** Finds candidates per kind; each returns its best `limit` hits, ranked (see `MatchRank`). */
export interface SearchRepository {
  contacts(query: SearchQuery): Promise<Hit<ContactHit>[]>;
  deals(query: SearchQuery): Promise<Hit<DealHit>[]>;
  activities(query: SearchQuery): Promise<Hit<ActivityHit>[]>;
  templates(query: SearchQuery): Promise<Hit<TemplateHit>[]>;
  /** The newest `limit` notes holding the text (unranked: a note has no name). */
  notes(query: SearchQuery): Promise<NoteHit[]>;
}
