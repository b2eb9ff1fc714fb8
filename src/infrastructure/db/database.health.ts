import type { HealthCheck } from '../../domain/shared/health';
import type { Database } from './database';

export class DatabaseHealthCheck implements HealthCheck {
  readonly name = 'database';
  constructor(private readonly db: Database) {}

  async check() {
    await this.db.knex.raw('select 1');
  }
}
