import type { Page, PageRequest } from '../../shared/list-page';
import type { RollsBack } from '../../shared/__tests__/in-memory-unit-of-work';
import type { NewTimelineEntry, TimelineEntry } from '../timeline';
import type { TimelineFilter, TimelineRepository } from '../timeline.ports';

/** The timeline kept in an array, oldest first; `entries` is what a test reads back. */
export class InMemoryTimelineRepository implements TimelineRepository, RollsBack {
  entries: (NewTimelineEntry & { id: number; at: Date })[] = [];
  /** How many inserts `add` was asked for. */
  inserts = 0;
  private nextId = 1;

  snapshot(): () => void {
    const saved = [...this.entries];
    return () => {
      this.entries = saved;
    };
  }

  async add(entries: NewTimelineEntry[]): Promise<void> {
    if (!entries.length) return;
    this.inserts += 1;
    for (const entry of entries) this.entries.push({ ...entry, id: this.nextId++, at: new Date() });
  }

  async contactsChangedSinceImport(importId: number, limit: number): Promise<number[]> {
    const touched = new Set<number>();
    for (const mine of this.entries) {
      if (mine.importId !== importId || mine.entityType !== 'contact') continue;
      const later = this.entries.some(
        (e) => e.id > mine.id && e.contactId === mine.entityId && e.importId !== importId,
      );
      if (later) touched.add(mine.entityId);
    }
    return [...touched].sort((a, b) => a - b).slice(0, limit);
  }

  async list(filter: TimelineFilter, page: PageRequest): Promise<Page<TimelineEntry>> {
    const { viewer } = filter;
    const after = page.cursor === undefined ? Infinity : Number(page.cursor);
    const matching = this.entries
      .filter(
        (e) =>
          e.id < after &&
          (filter.contactId === undefined ||
            e.contactId === filter.contactId ||
            (e.entityType === 'contact' && e.entityId === filter.contactId)) &&
          (filter.dealId === undefined || (e.entityType === 'deal' && e.entityId === filter.dealId)) &&
          (filter.companyId === undefined || (e.entityType === 'company' && e.entityId === filter.companyId)) &&
          (!filter.entityTypes || filter.entityTypes.includes(e.entityType)) &&
          (e.visibleTo === null ||
            viewer?.role === 'admin' ||
            (viewer !== undefined && e.visibleTo.includes(viewer.id))),
      )
      .reverse();
    const items = matching.slice(0, page.limit).map(({ visibleTo: _visibleTo, id, ...entry }) => ({
      ...entry,
      id: String(id),
      userName: null,
    }));
    const more = matching.length > page.limit;
    return { items, nextCursor: more ? items[items.length - 1].id : null };
  }
}
