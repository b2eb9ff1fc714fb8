import { ForbiddenError, type AppError } from '../shared/app-error';
import type { TimelineService } from '../timeline/timeline.service';
import {
  diffFields,
  timelineEntry,
  type FieldChange,
  type NewTimelineEntry,
  type TimelineAction,
  type TimelineEntityType,
  authorOf,
} from '../timeline/timeline';
import { can, verbOf, type OwnedRecord } from './crm-access';
import type { Viewer } from '../shared/viewer';
import { ConflictError } from '../shared/conflict.error';
import type { UnitOfWork } from '../shared/unit-of-work.port';

export interface CrmRecord extends OwnedRecord {
  id: number;
  updatedAt: Date;
}

/** What every CRM record repository can do besides its own list queries. */
export interface RecordStore<T, New, Changes> {
  /** `forUpdate` locks the row until the unit of work ends. */
  findById(id: number, options?: { forUpdate?: boolean }): Promise<T | null>;
  create(values: New): Promise<T>;
  /** One insert, however many. */
  createMany(values: New[]): Promise<T[]>;
  update(id: number, changes: Changes): Promise<T>;
  /** Many records' changes in a few statements, the records answered in the same order; without it, one update each. */
  updateBatch?(updates: { id: number; changes: Changes }[]): Promise<T[]>;
  delete(id: number): Promise<void>;
}

export interface RecordKind<T> {
  type: TimelineEntityType;
  notFound(): AppError;
  /** The name the timeline shows for the record. */
  displayName(record: T): string;
  /** The contact whose timeline shows the record's entries. */
  contactOf(record: T): Promise<number | null> | number | null;
  /** null when everyone may see the record's timeline entries. */
  visibleTo(record: T): number[] | null;
  /** Fields whose changes the timeline records. */
  tracked: readonly (keyof T & string)[];
}

/** What a write does besides the record and its timeline entry, inside the same transaction. */
type SideEffect<T> = (record: T) => Promise<T>;

/**
 * The life cycle shared by contacts, deals and activities: per-record permission checks, optimistic
 * concurrency on update, and a timeline entry written in the same transaction as the change.
 */
export class CrmRecords<T extends CrmRecord, New, Changes> {
  constructor(
    private readonly store: RecordStore<T, New, Changes>,
    private readonly kind: RecordKind<T>,
    private readonly uow: UnitOfWork,
    private readonly timeline: TimelineService,
  ) {}

  /** 404 also when the viewer may not read the record: other people's ids never give data. */
  async get(viewer: Viewer, id: number, options: { forUpdate?: boolean } = {}): Promise<T> {
    const record = await this.store.findById(id, options);
    if (!record || !can(viewer, this.kind.type, 'read', record)) throw this.kind.notFound();
    return record;
  }

  /** `then` runs the record's own side effects (a reminder) in the same transaction. */
  create(
    viewer: Viewer,
    build: () => Promise<New> | New,
    then: SideEffect<T> = async (created) => created,
  ): Promise<T> {
    return this.uow.run(async () => {
      const created = await this.store.create(await build());
      await this.timeline.record(await this.entry(viewer, created, 'created'));
      return then(created);
    });
  }

  /**
   * `expectedUpdatedAt` is the version the client read; when the row changed since, nothing is written
   * and the current row comes back in a 409.
   */
  update(
    viewer: Viewer,
    id: number,
    expectedUpdatedAt: Date | undefined,
    build: (current: T) => Promise<Changes> | Changes,
    then: SideEffect<T> = async (updated) => updated,
  ): Promise<T> {
    return this.uow.run(async () => {
      const current = await this.writable(viewer, id, 'update');
      if (expectedUpdatedAt && current.updatedAt.getTime() !== expectedUpdatedAt.getTime())
        throw new ConflictError(current);
      const updated = await this.store.update(id, await build(current));
      await this.timeline.record(
        await this.entry(viewer, updated, 'updated', diffFields(current, updated, this.kind.tracked)),
      );
      return then(updated);
    });
  }

  /**
   * A batch of imported rows, allowed by the importer's checks: the new records in one insert, the changes in
   * the store's `updateBatch` (else one statement each), and every timeline entry in one insert naming the
   * import (a contacts import's; a companies import, done in its request, has no record of its own to name).
   */
  importMany(
    viewer: Viewer,
    importId: number | undefined,
    created: New[],
    updated: { current: Partial<T> & Pick<T, 'id'>; changes: Changes }[],
  ): Promise<void> {
    return this.uow.run(async () => {
      const entries = await Promise.all(
        (await this.store.createMany(created)).map((record) => this.entry(viewer, record, 'created', [], importId)),
      );
      const records = this.store.updateBatch
        ? await this.store.updateBatch(updated.map(({ current, changes }) => ({ id: current.id, changes })))
        : [];
      for (const [index, { current, changes }] of updated.entries()) {
        const record = records[index] ?? (await this.store.update(current.id, changes));
        // Only what the import knew of the record before can have changed.
        entries.push(
          await this.entry(
            viewer,
            record,
            'updated',
            diffFields({ ...record, ...current }, record, this.kind.tracked),
            importId,
          ),
        );
      }
      await this.timeline.record(entries);
    });
  }

  remove(viewer: Viewer, id: number): Promise<void> {
    return this.uow.run(async () => {
      const current = await this.writable(viewer, id, 'delete');
      await this.store.delete(id);
      await this.timeline.record(await this.entry(viewer, current, 'deleted'));
    });
  }

  private async writable(viewer: Viewer, id: number, action: 'update' | 'delete'): Promise<T> {
    const current = await this.get(viewer, id, { forUpdate: true });
    if (!can(viewer, this.kind.type, action, current))
      throw new ForbiddenError(`You may only ${verbOf(action)} records you own or created`);
    return current;
  }

  private async entry(
    viewer: Viewer,
    record: T,
    action: TimelineAction,
    changes: FieldChange[] = [],
    importId?: number,
  ): Promise<NewTimelineEntry> {
    const subject = {
      entityType: this.kind.type,
      entityId: record.id,
      entityName: this.kind.displayName(record),
      contactId: await this.kind.contactOf(record),
      visibleTo: this.kind.visibleTo(record),
    };
    return timelineEntry(subject, action, { ...authorOf(viewer), importId }, changes);
  }
}
