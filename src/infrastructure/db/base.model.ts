import { Model } from 'objection';

/** The knex instance maps camelCase to snake_case; models set `updatedAt` on every update. */
export class BaseModel extends Model {
  static hasUpdatedAt = false;

  override $beforeUpdate(): void {
    if ((this.constructor as typeof BaseModel).hasUpdatedAt) (this as unknown as { updatedAt: Date }).updatedAt = new Date();
  }
}
