import { AsyncLocalStorage } from 'node:async_hooks';
import { inject, injectable, optional } from 'inversify';
import type { UnitOfWork } from '../../domain/shared/unit-of-work.port';
import { DATABASE } from '../../domain/shared/shared.tokens';
import { isBackground } from './background-work';
import type { Database, Knex } from './database';
import { translateDbError } from './db-errors';
import { WRITE_WATCH, type WriteWatch } from './write-watch';

/**
 * The one door to the database. The transaction of the running unit of work travels in
 * AsyncLocalStorage, so every repository joins it without passing it around: models query
 * `Model.query(uow.db)`, raw SQL runs on `uow.db.raw(...)`. Outside `run`, `db` is the pool.
 * Everything inside `run` must use `db` (embedded PGlite has one connection: a query on the pool while
 * a transaction is open would wait forever).
 */
@injectable()
export class KnexUnitOfWork implements UnitOfWork {
  private readonly current = new AsyncLocalStorage<Knex.Transaction>();

  constructor(
    @inject(DATABASE) private readonly database: Database,
    /** Told when a transaction that wrote has committed (cached reads then start again). */
    @inject(WRITE_WATCH) @optional() private readonly writes?: WriteWatch,
  ) {}

  /** `config` (isolation, read only) applies when this call opens the transaction, not when it joins one. */
  async run<T>(work: () => Promise<T>, config?: Knex.TransactionConfig): Promise<T> {
    if (this.current.getStore()) return work();
    let wrote: (() => boolean) | undefined;
    let result: T;
    try {
      result = await this.pool().transaction((trx) => {
        wrote = this.writes?.watchTransaction(trx);
        return this.current.run(trx, work);
      }, config);
    } catch (error) {
      throw translateDbError(error);
    }
    if (wrote?.()) this.writes?.changed(false);
    return result;
  }

  /** The transaction in progress, or the pool outside one. */
  get db(): Knex {
    return this.current.getStore() ?? this.pool();
  }

  /** A job's work runs on the background pool (its own connections and statement timeout), a request's on the API's. */
  private pool(): Knex {
    return isBackground() ? this.database.background : this.database.knex;
  }
}
