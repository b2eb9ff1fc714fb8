import type { Knex } from 'knex';

/** Statements that change rows: the ones a cached read must not outlive. DDL counts too (migrations). */
const WRITE = /^\s*(?:insert|update|delete|merge|truncate|copy|alter|create|drop)\b/i;
/** A `WITH …` statement that writes in one of its parts. */
const WRITE_IN_WITH =
  /^\s*with\b[\s\S]*\b(?:insert\s+into|delete\s+from|update\s+[\w".]+(?:\s+(?:as\s+)?\w+)?\s+set)\b/i;
/** The table an `insert into` / `update` / `delete from` names first. */
const TARGET = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/i;
/**
 * Tables written on reads, whose rows no cached answer shows: a session's last use (touched by signed-in requests).
 * A write to any other table, or one this cannot tell, counts.
 */
const UNSEEN_TABLES = new Set(['sessions']);

/** Whether a statement's text may change rows a cached read depends on. */
export function writesData(sql: string): boolean {
  if (!WRITE.test(sql) && !WRITE_IN_WITH.test(sql)) return false;
  const target = TARGET.exec(sql)?.[1]?.toLowerCase();
  return target === undefined || !UNSEEN_TABLES.has(target);
}

/** The container's token for the process's one WriteWatch. */
export const WRITE_WATCH = Symbol.for('infrastructure.WriteWatch');

/**
 * Tells listeners that data changed, once it is visible to other connections: a write outside a transaction as
 * soon as it answered, a transaction's writes once it committed (KnexUnitOfWork asks `watchTransaction`'s answer then and calls
 * `changed`; a rollback says nothing). `changed` also takes changes other processes reported (RedisWriteFanout), with `remote` set, so that
 * a fanout does not send them back.
 */
export class WriteWatch {
  private readonly listeners: ((remote: boolean) => void)[] = [];

  /** Watches a pool's statements outside transactions (each transaction's own are KnexUnitOfWork's to report). */
  attach(knex: Knex): void {
    knex.on('query-response', (_response: unknown, query: { sql?: string; __knexTxId?: string }) => {
      if (!query.__knexTxId && typeof query.sql === 'string' && writesData(query.sql)) this.changed(false);
    });
  }

  /** Watches one transaction's statements: whether it wrote, asked once it ended. */
  watchTransaction(trx: Knex.Transaction): () => boolean {
    let wrote = false;
    trx.on('query-response', (_response: unknown, query: { sql?: string }) => {
      if (!wrote && typeof query.sql === 'string' && writesData(query.sql)) wrote = true;
    });
    return () => wrote;
  }

  onChange(listener: (remote: boolean) => void): void {
    this.listeners.push(listener);
  }

  changed(remote: boolean): void {
    for (const listener of this.listeners) listener(remote);
  }
}
