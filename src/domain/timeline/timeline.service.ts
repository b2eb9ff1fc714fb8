import { inject, injectable } from 'inversify';
import type { Viewer } from '../shared/viewer';
import { LIST_LIMIT_MAX, type Page, type PageRequest } from '../shared/list-page';
import type { NewTimelineEntry, RecentActivityItem, TimelineEntry } from './timeline';
import type { TimelineRepository } from './timeline.ports';
import { TIMELINE_REPOSITORY } from './timeline.tokens';

const RECORD_TYPES = ['contact', 'deal', 'activity'] as const;

/** Who changed what and when, for contacts, companies, deals and activities. Writes join the caller's transaction. */
@injectable()
export class TimelineService {
  constructor(@inject(TIMELINE_REPOSITORY) private readonly entries: TimelineRepository) {}

  /** However many (the repository writes them in as few inserts as it can). An update that changed nothing leaves no trace. */
  async record(entries: NewTimelineEntry | NewTimelineEntry[]): Promise<void> {
    const all = Array.isArray(entries) ? entries : [entries];
    await this.entries.add(all.filter((entry) => entry.action !== 'updated' || entry.changes.length > 0));
  }

  /** See TimelineRepository.contactsChangedSinceImport. */
  contactsChangedSinceImport(importId: number, limit: number): Promise<number[]> {
    return this.entries.contactsChangedSinceImport(importId, limit);
  }

  forContact(viewer: Viewer, contactId: number, page: PageRequest): Promise<Page<TimelineEntry>> {
    return this.entries.list({ contactId, viewer }, page);
  }

  forDeal(viewer: Viewer, dealId: number, page: PageRequest): Promise<Page<TimelineEntry>> {
    return this.entries.list({ dealId, viewer }, page);
  }

  forCompany(viewer: Viewer, companyId: number, page: PageRequest): Promise<Page<TimelineEntry>> {
    return this.entries.list({ companyId, viewer }, page);
  }

  team(viewer: Viewer, page: PageRequest): Promise<Page<TimelineEntry>> {
    return this.entries.list({ viewer }, page);
  }

  /**
   * The latest changes across the team, newest first (the dashboard's recent activity). Without a viewer
   * only entries everyone may see: private activities stay out. Changes only: a template used is no change.
   */
  async recent(limit: number, viewer?: Viewer): Promise<RecentActivityItem[]> {
    const page = await this.entries.list(
      { viewer, entityTypes: RECORD_TYPES },
      { limit: Math.min(Math.max(1, Math.trunc(limit)), LIST_LIMIT_MAX) },
    );
    return page.items.map(({ id, entityType, entityId, action, entityName, userName, at }) => ({
      id,
      entityType,
      entityId,
      action,
      entityName,
      userName,
      at,
    }));
  }
}
