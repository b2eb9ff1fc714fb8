import { inject, injectable } from 'inversify';
import type { ActivitiesService } from '../activities/activities.service';
import { ACTIVITIES_SERVICE } from '../activities/activities.tokens';
import { can, verbOf } from '../crm/crm-access';
import { FieldError, RecordNotFoundError } from '../crm/crm.errors';
import type { DealRepository } from '../deals/deals.ports';
import { DEAL_REPOSITORY } from '../deals/deals.tokens';
import { ForbiddenError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import type { Page, PageRequest } from '../shared/list-page';
import { CLOCK, UNIT_OF_WORK } from '../shared/shared.tokens';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import type { Viewer } from '../shared/viewer';
import { timelineEntry, authorOf } from '../timeline/timeline';
import type { TimelineService } from '../timeline/timeline.service';
import { TIMELINE_SERVICE } from '../timeline/timeline.tokens';
import {
  noteTitle,
  type CallOutcome,
  type CreatedNote,
  type Note,
  type NoteChanges,
  type NoteColumns,
  type NoteFields,
  type NoteFilter,
  type NoteInput,
  type NoteKind,
} from './note';
import type { NoteRepository } from './notes.ports';
import { NOTE_REPOSITORY } from './notes.tokens';

/** The fields whose change is an edit (kept as a revision, `editedAt` set); pinning is not one. */
const CONTENT_FIELDS = [
  'kind',
  'body',
  'outcome',
  'durationMin',
  'occurredAt',
] as const satisfies readonly (keyof NoteFields)[];

/**
 * Notes and calls logged on a contact, a deal or a company. A note, the activity it completes, the follow-up it plans and their
 * timeline entries are written in one transaction: all of them or none.
 */
@injectable()
export class NotesService {
  constructor(
    @inject(NOTE_REPOSITORY) private readonly notes: NoteRepository,
    @inject(ACTIVITIES_SERVICE) private readonly activities: ActivitiesService,
    @inject(DEAL_REPOSITORY) private readonly deals: DealRepository,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(TIMELINE_SERVICE) private readonly timeline: TimelineService,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Everyone who reads contacts and deals reads their notes. */
  list(_viewer: Viewer, filter: NoteFilter, page: PageRequest): Promise<Page<Note>> {
    return this.notes.list(filter, page);
  }

  async get(viewer: Viewer, id: number, options: { forUpdate?: boolean } = {}): Promise<Note> {
    const note = await this.notes.findById(id, options);
    if (!note || !can(viewer, 'note', 'read', note)) throw new RecordNotFoundError('NOTE.NOT_FOUND', 'Note');
    return note;
  }

  /**
   * With `activityId`, the note reports on that activity, which is completed (as its update would: 404 when the
   * viewer may not read it, 403 when they may not change it) and gives the note its contact and deal unless given.
   * A deal's contact is the note's when only the deal is given. `next` plans the follow-up activity on the same
   * contact and deal, assigned to the author unless said otherwise.
   */
  create(viewer: Viewer, input: NoteInput): Promise<CreatedNote> {
    const { activityId, next, ...fields } = input;
    return this.uow.run(async () => {
      let { contactId = null, dealId = null, companyId = null } = fields;
      if (activityId !== undefined) {
        const activity = await this.activities.get(viewer, activityId);
        if (fields.contactId === undefined) contactId = activity.contactId;
        if (fields.dealId === undefined) dealId = activity.dealId;
        if (fields.companyId === undefined) companyId = activity.companyId;
        await this.activities.update(viewer, activityId, { status: 'completed' });
      }
      if (dealId !== null && contactId === null) {
        const deal = await this.deals.findById(dealId);
        if (!deal) throw new FieldError('dealId', 'dealId refers to a record that does not exist');
        contactId = deal.contactId;
      }
      if (contactId === null && dealId === null && companyId === null)
        throw new FieldError(
          'contactId',
          'A note belongs to a contact, a deal or a company: give contactId, dealId or companyId',
        );
      const note = await this.notes.create({
        kind: fields.kind,
        body: fields.body,
        outcome: outcomeOf(fields.kind, fields.outcome),
        durationMin: fields.durationMin ?? null,
        occurredAt: fields.occurredAt ?? this.clock.now(),
        contactId,
        dealId,
        companyId,
        activityId: activityId ?? null,
        createdBy: viewer.id,
      });
      await this.timeline.record(
        timelineEntry(
          {
            entityType: 'note',
            entityId: note.id,
            entityName: noteTitle(note.body),
            contactId: note.contactId,
            dealId: note.dealId,
            companyId: note.companyId,
            visibleTo: null,
          },
          'created',
          authorOf(viewer),
        ),
      );
      const planned = next && (await this.activities.create(viewer, { ...next, contactId, dealId, companyId }));
      return { ...note, nextActivityId: planned ? planned.id : null };
    });
  }

  /**
   * By the author or an admin. A change of content keeps the previous body and outcome as a revision and sets
   * `editedAt`; pinning and unpinning do neither. A note that stops being a call loses its outcome.
   */
  update(viewer: Viewer, id: number, changes: NoteChanges): Promise<Note> {
    return this.uow.run(async () => {
      const current = await this.writable(viewer, id, 'update');
      const { pinned, ...content } = changes;
      const kind = content.kind ?? current.kind;
      const wanted = { ...current, ...content, outcome: outcomeOf(kind, content.outcome, current.outcome) };
      const columns: NoteColumns = {};
      for (const field of CONTENT_FIELDS)
        if (!sameValue(current[field], wanted[field])) Object.assign(columns, { [field]: wanted[field] });
      const now = this.clock.now();
      if (Object.keys(columns).length) {
        await this.notes.addRevision({
          noteId: id,
          body: current.body,
          outcome: current.outcome,
          editedBy: viewer.id,
          editedAt: now,
        });
        columns.editedAt = now;
      }
      if (pinned !== undefined && pinned !== current.pinned) columns.pinnedAt = pinned ? now : null;
      return Object.keys(columns).length ? this.notes.update(id, columns) : current;
    });
  }

  /** By the author or an admin; its timeline entry stays, showing the note as deleted. */
  remove(viewer: Viewer, id: number): Promise<void> {
    return this.uow.run(async () => {
      await this.writable(viewer, id, 'delete');
      await this.notes.delete(id);
    });
  }

  private async writable(viewer: Viewer, id: number, action: 'update' | 'delete'): Promise<Note> {
    const current = await this.get(viewer, id, { forUpdate: true });
    if (!can(viewer, 'note', action, current))
      throw new ForbiddenError(`You may only ${verbOf(action)} notes you wrote`);
    return current;
  }
}

/**
 * The outcome a note of `kind` keeps: one given (a 400 naming `outcome` unless the note is a call), else the one it
 * had while it stays a call.
 */
function outcomeOf(
  kind: NoteKind,
  given: CallOutcome | null | undefined,
  had: CallOutcome | null = null,
): CallOutcome | null {
  if (kind !== 'call') {
    if (given) throw new FieldError('outcome', 'Only a call has an outcome');
    return null;
  }
  return given === undefined ? had : given;
}

function sameValue(a: unknown, b: unknown): boolean {
  return a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
}
