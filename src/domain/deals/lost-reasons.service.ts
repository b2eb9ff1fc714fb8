import { inject, injectable } from 'inversify';
import { FieldError, RecordNotFoundError } from '../crm/crm.errors';
import { ConflictError } from '../shared/conflict.error';
import { UNIT_OF_WORK } from '../shared/shared.tokens';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import { FREE_TEXT_LOST_REASON, MAX_LOST_REASONS, type LostReason, type LostReasonChanges } from './deal';
import { LastActiveLostReasonError, LostReasonLimitError, LostReasonNameTakenError } from './deals.errors';
import type { LostReasonRepository } from './deals.ports';
import { LOST_REASON_REPOSITORY } from './deals.tokens';

/**
 * The reasons the board offers when a deal is lost. A lost deal stores the reason's name as it was
 * (a seeded key, an admin's label, or the free text of "other"), so renaming or retiring a reason never
 * changes the deals already lost with it. Writes are an admin's (the router enforces the permission table).
 */
@injectable()
export class LostReasonsService {
  constructor(
    @inject(LOST_REASON_REPOSITORY) private readonly reasons: LostReasonRepository,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
  ) {}

  list(includeRetired = false): Promise<LostReason[]> {
    return this.reasons.list(includeRetired);
  }

  create(label: string): Promise<LostReason> {
    return this.uow.run(async () => {
      if ((await this.reasons.count()) >= MAX_LOST_REASONS) throw new LostReasonLimitError(MAX_LOST_REASONS);
      if (await this.reasons.labelTaken(label)) throw new LostReasonNameTakenError();
      return this.reasons.create(label);
    });
  }

  /** Rename, retire (`active: false`) or restore. "other" keeps its name: the board asks for free text there. */
  update(id: number, changes: LostReasonChanges, expectedUpdatedAt?: Date): Promise<LostReason> {
    return this.uow.run(async () => {
      const current = await this.reasons.findById(id, { forUpdate: true });
      if (!current) throw new RecordNotFoundError('LOST_REASON.NOT_FOUND', 'Lost reason');
      if (expectedUpdatedAt && current.updatedAt.getTime() !== expectedUpdatedAt.getTime())
        throw new ConflictError(current);
      if (changes.label !== undefined) {
        if (current.key === FREE_TEXT_LOST_REASON)
          throw new FieldError('label', 'The "other" reason keeps its name: it asks for free text');
        if (await this.reasons.labelTaken(changes.label, id)) throw new LostReasonNameTakenError();
      }
      if (changes.active === false && current.active && (await this.reasons.list(false)).length <= 1)
        throw new LastActiveLostReasonError();
      return this.reasons.update(id, changes);
    });
  }

  /** `ids` must list every active reason exactly once; retired ones follow them, in their former order. */
  reorder(ids: number[]): Promise<LostReason[]> {
    return this.uow.run(async () => {
      const all = await this.reasons.list(true);
      const active = all.filter((r) => r.active).map((r) => r.id);
      if (ids.length !== active.length || new Set(ids).size !== ids.length || !ids.every((id) => active.includes(id))) {
        throw new FieldError('reasonIds', 'reasonIds must list every offered (not retired) reason exactly once');
      }
      await this.reasons.reorder([...ids, ...all.filter((r) => !r.active).map((r) => r.id)]);
      return this.reasons.list(true);
    });
  }
}
