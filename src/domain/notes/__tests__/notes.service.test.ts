import { beforeEach, describe, expect, it } from 'vitest';
import type { ActivitiesService } from '../../activities/activities.service';
import type { Activity } from '../../activities/activity';
import { InMemoryDealRepository } from '../../deals/__tests__/in-memory-deals';
import type { Page } from '../../shared/list-page';
import { InMemoryRecords } from '../../shared/__tests__/in-memory-records';
import { FixedClock, InMemoryUnitOfWork } from '../../shared/__tests__/in-memory-unit-of-work';
import { InMemoryTimelineRepository } from '../../timeline/__tests__/in-memory-timeline.repository';
import { TimelineService } from '../../timeline/timeline.service';
import type { NewNote, Note, NoteColumns, NoteFilter, NoteRevision } from '../note';
import type { NoteRepository } from '../notes.ports';
import { NotesService } from '../notes.service';

// NotesService over in-memory repositories: what a note keeps, what counts as an edit, and that a note and what it
// does to activities are written together or not at all.

const NOW = new Date('2026-11-20T15:30:00.000Z');
const author = { id: 5, role: 'employee' as const };
const admin = { id: 1, role: 'admin' as const };
const someoneElse = { id: 9, role: 'employee' as const };

class InMemoryNoteRepository extends InMemoryRecords<Note> implements NoteRepository {
  revisions: NoteRevision[] = [];

  override snapshot(): () => void {
    const rows = super.snapshot();
    const revisions = [...this.revisions];
    return () => {
      rows();
      this.revisions = revisions;
    };
  }

  async create(values: NewNote): Promise<Note> {
    const { pinnedAt, ...rest } = values;
    const note: Note = {
      outcome: null,
      durationMin: null,
      occurredAt: NOW,
      contactId: null,
      dealId: null,
      companyId: null,
      activityId: null,
      editedAt: null,
      ...rest,
      id: this.newId(),
      pinned: Boolean(pinnedAt),
      authorName: `User ${values.createdBy}`,
      createdAt: this.stamp(),
    };
    this.rows.set(note.id, note);
    return { ...note };
  }

  async createMany(values: NewNote[]): Promise<Note[]> {
    return Promise.all(values.map((v) => this.create(v)));
  }

  async update(id: number, changes: NoteColumns): Promise<Note> {
    const { pinnedAt, ...rest } = changes;
    const note = { ...this.rows.get(id)!, ...rest, ...(pinnedAt !== undefined && { pinned: pinnedAt !== null }) };
    this.rows.set(id, note);
    return { ...note };
  }

  async list(filter: NoteFilter): Promise<Page<Note>> {
    const items = [...this.rows.values()].filter(
      (n) => filter.contactId === undefined || n.contactId === filter.contactId,
    );
    return { items: items.reverse(), nextCursor: null };
  }

  async addRevision(revision: NoteRevision): Promise<void> {
    this.revisions.push(revision);
  }
}

/** The activities a note completes and plans, as far as notes use them. */
class FakeActivities {
  rows = new Map<number, Pick<Activity, 'id' | 'status' | 'contactId' | 'dealId' | 'subject'>>();
  private nextId = 100;

  snapshot(): () => void {
    const saved = new Map([...this.rows].map(([id, a]) => [id, { ...a }]));
    return () => {
      this.rows = saved;
    };
  }

  async get(_viewer: unknown, id: number) {
    const activity = this.rows.get(id);
    if (!activity) throw new Error('ACTIVITY.NOT_FOUND');
    return { ...activity };
  }

  async update(_viewer: unknown, id: number, changes: { status?: 'completed' }) {
    this.rows.set(id, { ...this.rows.get(id)!, ...changes });
    return this.rows.get(id);
  }

  async create(_viewer: unknown, input: { subject: string; contactId: number | null; dealId: number | null }) {
    if (!input.subject.trim()) throw new Error('subject is required');
    const activity = { id: this.nextId++, status: 'pending' as const, ...input };
    this.rows.set(activity.id, activity);
    return activity;
  }
}

let notes: InMemoryNoteRepository;
let activities: FakeActivities;
let timeline: InMemoryTimelineRepository;
let clock: FixedClock;
let service: NotesService;

beforeEach(() => {
  notes = new InMemoryNoteRepository();
  activities = new FakeActivities();
  timeline = new InMemoryTimelineRepository();
  const deals = new InMemoryDealRepository();
  clock = new FixedClock(NOW);
  const uow = new InMemoryUnitOfWork([notes, activities, timeline, deals]);
  service = new NotesService(
    notes,
    activities as unknown as ActivitiesService,
    deals,
    uow,
    new TimelineService(timeline),
    clock,
  );
});

const call = (extra: object = {}) =>
  service.create(author, { kind: 'call', body: 'Called, asked for a quote', outcome: 'busy', contactId: 3, ...extra });

describe('NotesService', () => {
  it('writes the note and one timeline entry naming its contact and deal, occurring now unless told', async () => {
    const note = await call({ dealId: 4 });
    expect(note).toMatchObject({
      occurredAt: NOW,
      contactId: 3,
      dealId: 4,
      createdBy: author.id,
      nextActivityId: null,
    });
    expect(timeline.entries).toEqual([
      expect.objectContaining({
        entityType: 'note',
        entityId: note.id,
        action: 'created',
        entityName: 'Called, asked for a quote',
        contactId: 3,
        dealId: 4,
        visibleTo: null,
        userId: author.id,
      }),
    ]);
  });

  it('completes the activity it reports on, takes its contact and deal, and plans the next step', async () => {
    activities.rows.set(7, { id: 7, status: 'pending', contactId: 30, dealId: 40, subject: 'Call' });
    const note = await service.create(author, {
      kind: 'note',
      body: 'Done',
      activityId: 7,
      next: { type: 'task', subject: 'Send it', dueDate: NOW },
    });
    expect(note).toMatchObject({ contactId: 30, dealId: 40, activityId: 7, nextActivityId: 100 });
    expect(activities.rows.get(7)!.status).toBe('completed');
    expect(activities.rows.get(100)).toMatchObject({ subject: 'Send it', contactId: 30, dealId: 40 });
  });

  it('writes nothing when the next step fails', async () => {
    activities.rows.set(7, { id: 7, status: 'pending', contactId: 30, dealId: null, subject: 'Call' });
    await expect(
      service.create(author, {
        kind: 'note',
        body: 'Done',
        activityId: 7,
        next: { type: 'task', subject: ' ', dueDate: NOW },
      }),
    ).rejects.toThrow('subject is required');
    expect([...notes.rows.values()]).toEqual([]);
    expect(timeline.entries).toEqual([]);
    expect(activities.rows.get(7)!.status).toBe('pending');
  });

  it('refuses an outcome on anything but a call, and a note with neither contact nor deal', async () => {
    await expect(call({ kind: 'meeting' })).rejects.toMatchObject({ details: [{ path: 'outcome' }] });
    await expect(call({ contactId: null })).rejects.toMatchObject({ details: [{ path: 'contactId' }] });
    expect(timeline.entries).toEqual([]);
  });

  it('keeps a revision of a changed content and marks it edited; the same content or a pin is no edit', async () => {
    const note = await call();
    clock.advance(60_000);
    await service.update(author, note.id, { body: 'Called, asked for a quote', pinned: true });
    expect(notes.revisions).toEqual([]);
    expect(await service.get(author, note.id)).toMatchObject({ pinned: true, editedAt: null });

    const edited = await service.update(admin, note.id, { kind: 'note' });
    expect(edited).toMatchObject({ kind: 'note', outcome: null, editedAt: new Date(NOW.getTime() + 60_000) });
    expect(notes.revisions).toEqual([
      {
        noteId: note.id,
        body: 'Called, asked for a quote',
        outcome: 'busy',
        editedBy: admin.id,
        editedAt: edited.editedAt,
      },
    ]);
    expect(timeline.entries).toHaveLength(1);
  });

  it('lets only the author and admins change or delete a note', async () => {
    const note = await call();
    await expect(service.update(someoneElse, note.id, { pinned: true })).rejects.toMatchObject({
      code: 'AUTH.FORBIDDEN',
    });
    await expect(service.remove(someoneElse, note.id)).rejects.toMatchObject({ code: 'AUTH.FORBIDDEN' });
    await service.remove(admin, note.id);
    await expect(service.get(author, note.id)).rejects.toMatchObject({ code: 'NOTE.NOT_FOUND' });
  });
});
