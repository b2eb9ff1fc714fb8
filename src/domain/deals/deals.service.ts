import { inject, injectable } from 'inversify';
import type { CustomFieldsService } from '../custom-fields/custom-fields.service';
import { CUSTOM_FIELDS_SERVICE } from '../custom-fields/custom-fields.tokens';
import type { Viewer } from '../shared/viewer';
import { FieldError, RecordNotFoundError } from '../crm/crm.errors';
import { CrmRecords } from '../crm/crm-records';
import type { Page, PageRequest } from '../shared/list-page';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import type { Clock } from '../shared/clock';
import { CLOCK, UNIT_OF_WORK } from '../shared/shared.tokens';
import type { TimelineService } from '../timeline/timeline.service';
import { TIMELINE_SERVICE } from '../timeline/timeline.tokens';
import {
  DEAL_TRACKED_FIELDS,
  DEFAULT_PIPELINE,
  closedAtOf,
  todayOf,
  type Deal,
  type DealColumns,
  type DealContactLink,
  type DealFields,
  type DealFilter,
  type DealMove,
  type DealPeople,
  type NewDeal,
  type PipelineStage,
} from './deal';
import { InvalidStageError, LostReasonRequiredError, PipelineArchivedError } from './deals.errors';
import type { DealRepository, PipelineRepository, PipelineStageRepository } from './deals.ports';
import { DEAL_REPOSITORY, PIPELINE_REPOSITORY, PIPELINE_STAGE_REPOSITORY } from './deals.tokens';

type StagePlacement = Pick<Deal, 'pipeline' | 'stage' | 'closedAt' | 'lostReason'> &
  Pick<DealColumns, 'position' | 'probability' | 'probabilityManual'>;

/** What the client asked for the probability: a number sets it by hand, null hands it back to the stage. */
type ProbabilityChoice = number | null | undefined;

@injectable()
export class DealsService {
  private readonly records: CrmRecords<Deal, NewDeal, DealColumns>;

  constructor(
    @inject(DEAL_REPOSITORY) private readonly deals: DealRepository,
    @inject(PIPELINE_STAGE_REPOSITORY) private readonly stages: PipelineStageRepository,
    @inject(UNIT_OF_WORK) uow: UnitOfWork,
    @inject(TIMELINE_SERVICE) timeline: TimelineService,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(PIPELINE_REPOSITORY) private readonly pipelines: PipelineRepository,
    @inject(CUSTOM_FIELDS_SERVICE)
    private readonly customFields: Pick<CustomFieldsService, 'values' | 'changes' | 'match' | 'sortOf'>,
  ) {
    this.records = new CrmRecords(
      deals,
      {
        type: 'deal',
        notFound: () => new RecordNotFoundError('DEAL.NOT_FOUND', 'Deal'),
        displayName: (d) => d.title,
        contactOf: (d) => d.contactId,
        visibleTo: () => null,
        tracked: DEAL_TRACKED_FIELDS,
      },
      uow,
      timeline,
    );
  }

  async list(_viewer: Viewer, filter: DealFilter, page: PageRequest): Promise<Page<Deal>> {
    // Its custom field filters read as their fields' types (a 400 naming one that cannot be).
    const customFieldMatch = await this.customFields.match('deal', filter.customFields);
    const sort = await this.customFields.sortOf('deal', filter.sort);
    return this.deals.list({ ...filter, sort, ...(customFieldMatch && { customFieldMatch }) }, page);
  }

  get(viewer: Viewer, id: number): Promise<Deal> {
    return this.records.get(viewer, id);
  }

  /**
   * The stage defaults to the pipeline's first; the owner to the creator; the probability to the stage's
   * (a number given is kept as set by hand). The card goes last in its column. `contacts`: its people, in the same
   * transaction (as setContacts checks them).
   */
  create(viewer: Viewer, fields: Partial<DealFields> & Pick<DealFields, 'title'> & DealPeople): Promise<Deal> {
    const { contacts, ...dealFields } = fields;
    checkOnePrimary(contacts);
    return this.records.create(viewer, async () => {
      const { probability, ...rest } = dealFields;
      const placement = await this.place(null, {
        pipeline: fields.pipeline ?? DEFAULT_PIPELINE,
        stageName: fields.stage,
        lostReason: fields.lostReason,
        probability,
      });
      return {
        ...rest,
        customFields: await this.customFields.values('deal', fields.customFields),
        ...placement,
        ...(await this.links(contacts, 'contacts')),
        ownerId: fields.ownerId === undefined ? viewer.id : fields.ownerId,
        createdBy: viewer.id,
      };
    });
  }

  /**
   * `probability`: a number sets it by hand; null gives the deal back its stage's, following the stage again.
   * `contacts` replaces its people with the other changes, in one transaction and one timeline entry.
   */
  update(
    viewer: Viewer,
    id: number,
    changes: Partial<DealFields> & DealPeople,
    expectedUpdatedAt?: Date,
  ): Promise<Deal> {
    const { contacts, ...dealChanges } = changes;
    checkOnePrimary(contacts);
    return this.records.update(viewer, id, expectedUpdatedAt, async (current) => {
      const people = await this.links(contacts, 'contacts');
      const { probability, ...fieldChanges } = dealChanges;
      const rest = await this.customFields.changes('deal', fieldChanges, current.customFields);
      const pipeline = changes.pipeline ?? current.pipeline;
      // Another pipeline without a stage named: its first stage.
      const stage = changes.stage ?? (pipeline === current.pipeline ? current.stage : undefined);
      const touchesPlacement =
        changes.pipeline !== undefined ||
        changes.stage !== undefined ||
        changes.lostReason !== undefined ||
        probability !== undefined;
      return touchesPlacement
        ? {
            ...rest,
            ...people,
            ...(await this.place(current, { pipeline, stageName: stage, lostReason: changes.lostReason, probability })),
          }
        : { ...rest, ...people };
    });
  }

  /**
   * A card moved on the board: into a stage of the deal's pipeline, or of the other pipeline `pipeline` names, at
   * `position` in its column. One transaction, one timeline entry when the stage (or pipeline) changes; closes or
   * reopens the deal like `update`, on `closedAt`'s day when given (a won or lost stage only, not after today).
   */
  async move(viewer: Viewer, id: number, move: DealMove): Promise<Deal> {
    if (move.position !== undefined && !Number.isFinite(move.position))
      throw new FieldError('position', 'position must be a finite number');
    if (move.closedAt !== undefined && move.closedAt > todayOf(this.clock.now()))
      throw new FieldError('closedAt', 'closedAt may not be after today');
    return this.records.update(viewer, id, move.updatedAt, async (current) => ({
      ...(await this.place(current, {
        pipeline: move.pipeline ?? current.pipeline,
        stageName: move.stage,
        lostReason: move.lostReason,
        closedOn: move.closedAt,
      })),
      position: move.position ?? 'last',
    }));
  }

  /**
   * Replaces the deal's people (each with a role, at most one primary; contactId follows the primary one), as a
   * change of the deal: the same permission, version check and one timeline entry.
   */
  async setContacts(viewer: Viewer, id: number, items: DealContactLink[], expectedUpdatedAt?: Date): Promise<Deal> {
    checkOnePrimary(items);
    return this.records.update(viewer, id, expectedUpdatedAt, async () => this.links(items, 'items'));
  }

  /** The people to write as `links` (none when not given): each an existing contact, else a 400 naming it under `field`. */
  private async links(items: DealContactLink[] | undefined, field: string): Promise<Pick<DealColumns, 'links'>> {
    if (!items) return {};
    const missing = new Set(await this.deals.missingContacts(items.map((item) => item.contactId)));
    const unknown = items.findIndex((item) => missing.has(item.contactId));
    if (unknown >= 0) throw new FieldError(`${field}.${unknown}.contactId`, 'contactId refers to no contact');
    return { links: items };
  }

  /**
   * Deals of an import (see DealImportsService), placed and checked by it: one insert, and each deal's 'created'
   * entry in one statement, as a create writes it (the webhooks see deal.created, and deal.won or deal.lost).
   */
  importMany(viewer: Viewer, created: NewDeal[]): Promise<void> {
    return this.records.importMany(viewer, undefined, created, []);
  }

  remove(viewer: Viewer, id: number): Promise<void> {
    return this.records.remove(viewer, id);
  }

  /**
   * Where a deal lands: a stage of its pipeline, last in the column when it comes from elsewhere; no deal enters an
   * archived pipeline (those it holds stay, and move within it).
   * Entering a won or lost stage closes it (lost needs a reason) now or on `closedOn`; entering an open
   * stage reopens it, clearing closedAt and the lost reason. The probability is the stage's unless set by
   * hand: a number given sets it by hand, null or a deal not set by hand takes the stage's.
   */
  private async place(
    current: Deal | null,
    target: {
      pipeline: string;
      stageName: string | undefined;
      lostReason: string | null | undefined;
      probability?: ProbabilityChoice;
      closedOn?: string;
    },
  ): Promise<StagePlacement> {
    const { pipeline, stageName, lostReason, probability, closedOn } = target;
    if (current?.pipeline !== pipeline) {
      const entered = await this.pipelines.find(pipeline);
      if (!entered) throw new InvalidStageError('pipeline', pipeline);
      if (entered.archived) throw new PipelineArchivedError(pipeline);
    }
    const stage =
      stageName === undefined ? await this.firstStage(pipeline) : await this.stages.findByName(pipeline, stageName);
    if (!stage) throw new InvalidStageError('stage', pipeline);
    if (closedOn !== undefined && stage.kind === 'open')
      throw new FieldError('closedAt', 'closedAt is only for a won or lost stage');
    const moved = !current || current.pipeline !== pipeline || current.stage !== stage.stage;
    const manual = probability === undefined ? (current?.probabilityManual ?? false) : probability !== null;
    const chance = {
      probabilityManual: manual,
      probability: manual ? (probability ?? current!.probability) : stage.probability,
    };
    const placement = { pipeline, stage: stage.stage, ...chance, ...(moved && { position: 'last' as const }) };
    if (stage.kind === 'open') return { ...placement, closedAt: null, lostReason: null };
    const now = this.clock.now();
    const closedAt =
      closedOn !== undefined ? closedAtOf(closedOn, now) : moved || !current?.closedAt ? now : current.closedAt;
    if (stage.kind === 'won') return { ...placement, closedAt, lostReason: null };
    const reason = lostReason === undefined ? current?.lostReason : lostReason;
    if (!reason || !reason.trim()) throw new LostReasonRequiredError();
    return { ...placement, closedAt, lostReason: reason };
  }

  private async firstStage(pipeline: string): Promise<PipelineStage> {
    const [first] = await this.stages.list(pipeline);
    if (!first) throw new InvalidStageError('pipeline', pipeline);
    return first;
  }
}

/** At most one person is a deal's primary one: else a 400 naming `primary`. */
function checkOnePrimary(items: DealContactLink[] | undefined): void {
  if (items && items.filter((item) => item.primary).length > 1)
    throw new FieldError('primary', 'At most one person is the primary one');
}
