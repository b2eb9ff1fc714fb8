import { InMemoryRecords } from '../../shared/__tests__/in-memory-records';
import type { Page, PageRequest } from '../../shared/list-page';
import type { InMemoryTimelineRepository } from '../../timeline/__tests__/in-memory-timeline.repository';
import { contactSubject, timelineEntry, type TimelineAuthor } from '../../timeline/timeline';
import type {
  Contact,
  ContactBulkValues,
  ContactFields,
  ContactFilter,
  DuplicateProbe,
  NewContact,
  PossibleDuplicate,
  SourceUsage,
  TagUsage,
} from '../contact';
import type { ContactRepository } from '../contacts.ports';

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Contacts in a map. The writes that also write timeline entries in the same statement (createRecorded,
 * insertImported) write them into the InMemoryTimelineRepository given, as the database statement does.
 */
export class InMemoryContactRepository extends InMemoryRecords<Contact> implements ContactRepository {
  constructor(private readonly timeline: InMemoryTimelineRepository) {
    super();
  }

  async create(values: NewContact): Promise<Contact> {
    const at = this.stamp();
    const contact: Contact = {
      anonymizedAt: null,
      email: null,
      phone: null,
      companyId: null,
      company: null,
      position: null,
      source: null,
      status: 'lead',
      score: 0,
      tags: [],
      notes: null,
      customFields: {},
      ownerId: null,
      ...values,
      id: this.newId(),
      ownerName: null,
      createdAt: at,
      updatedAt: at,
    };
    this.rows.set(contact.id, contact);
    return { ...contact };
  }

  async createMany(values: NewContact[]): Promise<Contact[]> {
    const created: Contact[] = [];
    for (const value of values) created.push(await this.create(value));
    return created;
  }

  async update(id: number, changes: Partial<ContactFields>): Promise<Contact> {
    const current = this.rows.get(id);
    if (!current) throw new Error(`No contact ${id}`);
    const next = { ...current, ...changes, updatedAt: this.stamp() };
    this.rows.set(id, next);
    return { ...next };
  }

  async list(filter: ContactFilter, page: PageRequest): Promise<Page<Contact>> {
    const matching = this.matching(filter).sort((a, b) => b.id - a.id);
    const start = page.cursor === undefined ? 0 : Number(page.cursor);
    const items = matching.slice(start, start + page.limit).map((c) => ({ ...c }));
    return { items, nextCursor: start + page.limit < matching.length ? String(start + page.limit) : null };
  }

  async possibleDuplicates(probe: DuplicateProbe, limit: number): Promise<PossibleDuplicate[]> {
    const found: PossibleDuplicate[] = [];
    for (const { id, name, email, phone, company } of this.rows.values()) {
      if (id === probe.excludeId) continue;
      const reasons: PossibleDuplicate['reasons'] = [];
      if (probe.email && email?.toLowerCase() === probe.email.toLowerCase()) reasons.push('email');
      if (probe.phone && phone?.replace(/\D/g, '') === probe.phone.replace(/\D/g, '')) reasons.push('phone');
      if (probe.name && fold(name) === fold(probe.name)) reasons.push('name');
      if (reasons.length) found.push({ id, name, email, phone, company, reasons });
    }
    return found.sort((a, b) => b.reasons.length - a.reasons.length).slice(0, limit);
  }

  async lockByIds(ids: number[]): Promise<Contact[]> {
    return [...this.rows.values()].filter((c) => ids.includes(c.id)).map((c) => ({ ...c }));
  }

  async lockMatching(filter: ContactFilter, limit: number): Promise<Contact[]> {
    return this.matching(filter)
      .sort((a, b) => a.id - b.id)
      .slice(0, limit)
      .map((c) => ({ ...c }));
  }

  async count(filter: ContactFilter): Promise<number> {
    return this.matching(filter).length;
  }

  async updateMany(rows: { id: number; values: ContactBulkValues }[]): Promise<Contact[]> {
    const updated: Contact[] = [];
    for (const { id, values } of rows) if (this.rows.has(id)) updated.push(await this.update(id, values));
    return updated;
  }

  async deleteMany(ids: number[]): Promise<void> {
    for (const id of ids) this.rows.delete(id);
  }

  async insertImported(contacts: NewContact[], by: TimelineAuthor & { importId: number }): Promise<number> {
    const created = await this.createMany(contacts);
    await this.timeline.add(created.map((contact) => timelineEntry(contactSubject(contact), 'created', by)));
    return created.length;
  }

  async createRecorded(values: NewContact, by: TimelineAuthor): Promise<Contact> {
    const created = await this.create(values);
    await this.timeline.add([timelineEntry(contactSubject(created), 'created', by)]);
    return created;
  }

  async tags(prefix: string, limit: number): Promise<TagUsage[]> {
    const counts = new Map<string, number>();
    for (const contact of this.rows.values())
      for (const tag of contact.tags)
        if (fold(tag).startsWith(fold(prefix))) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    return [...counts]
      .map(([tag, count]) => ({ tag, count }))
      .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag))
      .slice(0, limit);
  }

  async sources(prefix: string, limit: number): Promise<SourceUsage[]> {
    const counts = new Map<string, SourceUsage>();
    for (const { source } of this.rows.values()) {
      if (!source || !fold(source).startsWith(fold(prefix))) continue;
      const usage = counts.get(fold(source)) ?? { source, count: 0 };
      usage.count += 1;
      counts.set(fold(source), usage);
    }
    return [...counts.values()].sort((a, b) => b.count - a.count || a.source.localeCompare(b.source)).slice(0, limit);
  }

  private matching(filter: ContactFilter): Contact[] {
    return [...this.rows.values()].filter(
      (c) =>
        (filter.search === undefined ||
          [c.name, c.email, c.company, c.phone].some((text) => text && fold(text).includes(fold(filter.search!)))) &&
        (filter.status === undefined || c.status === filter.status) &&
        (filter.tag === undefined || c.tags.includes(filter.tag)) &&
        (filter.ownerId === undefined || c.ownerId === filter.ownerId) &&
        (filter.source === undefined || (c.source !== null && fold(c.source) === fold(filter.source))) &&
        (filter.scoreMin === undefined || c.score >= filter.scoreMin) &&
        (filter.scoreMax === undefined || c.score <= filter.scoreMax),
    );
  }
}
