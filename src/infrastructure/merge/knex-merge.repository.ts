import { inject, injectable } from 'inversify';
import { formatCnpj } from '../../domain/companies/cnpj';
import { FieldError } from '../../domain/crm/crm.errors';
import {
  DUPLICATE_GROUP_REASONS,
  pairsOf,
  REASON_CONFIDENCE,
  type DuplicateGroup,
  type DuplicateMember,
  type DuplicateReason,
} from '../../domain/merge/duplicates';
import type { MergeKind } from '../../domain/merge/merge';
import type { MergeRepository } from '../../domain/merge/merge.ports';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

/**
 * Every column that refers to a contact or a company, and what a merge does with it: `move` points it at the kept
 * record; `join` makes the merged records' rows the kept one's without a row twice (a person's links to deals);
 * `cascade` rows go with the merged record (an import's saved values of a contact that no longer exists).
 * merge.test.ts checks this list against the database's own foreign keys, so a new table that refers to contacts
 * or companies cannot be forgotten here.
 */
export const MERGE_REFERENCES: Record<MergeKind, { table: string; column: string; on: 'move' | 'join' | 'cascade' }[]> =
  {
    contact: [
      { table: 'deals', column: 'contact_id', on: 'move' },
      { table: 'deal_contacts', column: 'contact_id', on: 'join' },
      { table: 'activities', column: 'contact_id', on: 'move' },
      { table: 'crm_notes', column: 'contact_id', on: 'move' },
      // A web form's submissions, with the consent they record, go with the person.
      { table: 'lead_form_submissions', column: 'contact_id', on: 'move' },
      // Consents, grants and revocations alike, stay the person's.
      { table: 'contact_consents', column: 'contact_id', on: 'move' },
      // So do the legal bases recorded for them, and the requests they made as data subjects.
      { table: 'contact_legal_bases', column: 'contact_id', on: 'move' },
      { table: 'privacy_requests', column: 'contact_id', on: 'move' },
      // A retention listing is about the contact as it was: the merged one's go with it (the next scan looks again).
      { table: 'retention_candidates', column: 'contact_id', on: 'cascade' },
      { table: 'contact_import_updates', column: 'contact_id', on: 'cascade' },
    ],
    company: [
      { table: 'contacts', column: 'company_id', on: 'move' },
      { table: 'deals', column: 'company_id', on: 'move' },
      { table: 'activities', column: 'company_id', on: 'move' },
      { table: 'crm_notes', column: 'company_id', on: 'move' },
    ],
  };

const TABLES: Record<MergeKind, string> = { contact: 'contacts', company: 'companies' };

/** A company's name as compared for duplicates: lower case, no accents or punctuation, no legal form at its end. */
const FOLDED_COMPANY_NAME = `btrim(regexp_replace(
  regexp_replace(lower(funil_unaccent(name)), '[^a-z0-9]+', ' ', 'g'),
  '( (ltda|limitada|s a|sa|me|mei|epp|eireli))+ *$', ''))`;

/** Names at least this similar (pg_trgm, 0 to 1) in the same company make a likely pair of contacts. */
const NAME_SIMILARITY = 0.6;

/** Where a page of groups stopped: the reason it was listing (by index) and the last key, or the last pair. */
interface Cursor {
  r: number;
  k?: string;
  s?: number;
  a?: number;
  b?: number;
}

interface Found {
  reason: DuplicateReason;
  key: string;
  ids: number[];
  confidence: number;
  cursor: Cursor;
}

@injectable()
export class KnexMergeRepository implements MergeRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  async moveAndDelete(kind: MergeKind, keepId: number, mergeIds: number[]): Promise<void> {
    const { db } = this.uow;
    const ids = db.raw('?::int[]', [mergeIds]);
    if (kind === 'contact') {
      // A person is in a deal once: the merged people's links become one link of the kept person per deal, primary
      // if any of them was, with the kept person's role where they were already in it (else the primary's role).
      await db.raw(
        `WITH gone AS (
             DELETE FROM deal_contacts WHERE contact_id = ANY(?)
             RETURNING deal_id, role, is_primary, created_at
           )
           INSERT INTO deal_contacts AS k (deal_id, contact_id, role, is_primary, created_at)
           SELECT DISTINCT ON (deal_id) deal_id, ?::int, role, bool_or(is_primary) OVER (PARTITION BY deal_id), created_at
             FROM gone ORDER BY deal_id, is_primary DESC, created_at
           ON CONFLICT (deal_id, contact_id) DO UPDATE SET is_primary = k.is_primary OR excluded.is_primary`,
        [ids, keepId],
      );
    }
    for (const { table, column, on } of MERGE_REFERENCES[kind]) {
      if (on !== 'move') continue;
      await db.raw(`UPDATE ?? SET ?? = ? WHERE ?? = ANY(?)`, [table, column, keepId, column, ids]);
    }
    // Their history becomes the kept record's.
    await db.raw(`UPDATE crm_timeline SET entity_id = ? WHERE entity_type = ? AND entity_id = ANY(?)`, [
      keepId,
      kind,
      ids,
    ]);
    if (kind === 'contact')
      await db.raw('UPDATE crm_timeline SET contact_id = ? WHERE contact_id = ANY(?)', [keepId, ids]);
    else await db.raw('UPDATE crm_timeline SET company_id = ? WHERE company_id = ANY(?)', [keepId, ids]);
    await db.raw('DELETE FROM duplicate_dismissals WHERE kind = ? AND (low_id = ANY(?) OR high_id = ANY(?))', [
      kind,
      ids,
      ids,
    ]);
    await db.raw('DELETE FROM ?? WHERE id = ANY(?)', [TABLES[kind], ids]);
  }

  async dismiss(kind: MergeKind, ids: number[], by: number): Promise<void> {
    const pairs = pairsOf(ids);
    if (pairs.length === 0) return;
    await this.uow
      .db('duplicate_dismissals')
      .insert(pairs.map(([low, high]) => ({ kind, lowId: low, highId: high, createdBy: by })))
      .onConflict(['kind', 'low_id', 'high_id'])
      .ignore();
  }

  async duplicates(kind: MergeKind, page: PageRequest): Promise<Page<DuplicateGroup>> {
    const reasons = DUPLICATE_GROUP_REASONS[kind];
    let cursor = decode(page.cursor, reasons.length);
    const found: Found[] = [];
    // Surest reason first; the next reason is read only once a reason has no more groups to give.
    while (found.length <= page.limit && cursor.r < reasons.length) {
      const reason = reasons[cursor.r]!;
      const want = page.limit + 1 - found.length;
      const batch = await this.undismissed(kind, await this.groups(kind, reason, cursor, want));
      found.push(...batch.groups);
      if (batch.exhausted) cursor = { r: cursor.r + 1 };
      else cursor = batch.last!;
    }
    const items = found.slice(0, page.limit);
    const members = await this.members(kind, [...new Set(items.flatMap((g) => g.ids))]);
    return {
      items: items.map((group) => ({
        kind,
        reason: group.reason,
        confidence: group.confidence,
        key: group.key,
        members: group.ids.map((id) => members.get(id)).filter((m): m is DuplicateMember => m !== undefined),
      })),
      nextCursor: found.length > page.limit ? encode(items.at(-1)!.cursor) : null,
    };
  }

  /**
   * Up to `want` groups for one reason after the cursor, read in slices: groups whose every pair was dismissed are
   * dropped, so a slice may give fewer than it read.
   */
  private async undismissed(
    kind: MergeKind,
    read: { groups: Found[]; exhausted: boolean },
  ): Promise<{ groups: Found[]; exhausted: boolean; last?: Cursor }> {
    const dismissed = await this.dismissedAmong(
      kind,
      read.groups.flatMap((g) => g.ids),
    );
    const groups = read.groups.filter((g) => pairsOf(g.ids).some(([a, b]) => !dismissed.has(`${a}:${b}`)));
    return { groups, exhausted: read.exhausted, last: read.groups.at(-1)?.cursor };
  }

  private async dismissedAmong(kind: MergeKind, ids: number[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows: { lowId: number; highId: number }[] = await this.uow
      .db('duplicate_dismissals')
      .select('lowId', 'highId')
      .where({ kind })
      .whereRaw('low_id = ANY(?::int[]) AND high_id = ANY(?::int[])', [ids, ids]);
    return new Set(rows.map((r) => `${r.lowId}:${r.highId}`));
  }

  private async groups(
    kind: MergeKind,
    reason: DuplicateReason,
    cursor: Cursor,
    want: number,
  ): Promise<{ groups: Found[]; exhausted: boolean }> {
    const { db } = this.uow;
    const r = cursor.r;
    if (reason === 'name' && kind === 'contact') {
      // Similar names in the same company (pairs), most similar first; a pair that shares an e-mail or a phone is
      // already in that reason's group.
      // Most similar first, then by ids: the next page starts after the last pair in that order.
      const after = cursor.s === undefined ? '' : 'AND (-sim, a, b) > (-?::real, ?, ?)';
      const rows: { a: number; b: number; sim: number; key: string }[] = (
        await db.raw(
          `SELECT a, b, sim, key FROM (
             SELECT x.id AS a, y.id AS b, x.company_id::text AS key,
                    round(similarity(lower(funil_unaccent(x.name)), lower(funil_unaccent(y.name)))::numeric, 4)::real AS sim
               FROM contacts x JOIN contacts y ON y.company_id = x.company_id AND y.id > x.id
              WHERE x.company_id IS NOT NULL
                AND (x.email IS NULL OR y.email IS NULL OR lower(x.email) <> lower(y.email))
                AND (funil_phone_key(x.phone) IS NULL OR funil_phone_key(y.phone) IS NULL
                     OR funil_phone_key(x.phone) <> funil_phone_key(y.phone))
                AND NOT EXISTS (SELECT 1 FROM duplicate_dismissals d
                                 WHERE d.kind = 'contact' AND d.low_id = x.id AND d.high_id = y.id)
           ) pairs
           WHERE sim >= ? ${after}
           ORDER BY sim DESC, a, b LIMIT ?`,
          [NAME_SIMILARITY, ...(cursor.s === undefined ? [] : [cursor.s, cursor.a!, cursor.b!]), want + 1],
        )
      ).rows;
      return {
        groups: rows.slice(0, want).map((row) => ({
          reason,
          key: row.key,
          ids: [row.a, row.b],
          confidence: round(REASON_CONFIDENCE.name * row.sim),
          cursor: { r, s: row.sim, a: row.a, b: row.b },
        })),
        exhausted: rows.length <= want,
      };
    }
    const expression = keyOf(kind, reason);
    const rows: { key: string; ids: number[] }[] = (
      await db.raw(
        `SELECT ${expression} AS key, array_agg(id ORDER BY id) AS ids FROM ${TABLES[kind]}
          WHERE ${expression} IS NOT NULL AND ${expression} <> '' ${cursor.k === undefined ? '' : `AND ${expression} > ?`}
          GROUP BY ${expression} HAVING count(*) > 1 ORDER BY ${expression} LIMIT ?`,
        [...(cursor.k === undefined ? [] : [cursor.k]), want + 1],
      )
    ).rows;
    return {
      groups: rows.slice(0, want).map((row) => ({
        reason,
        key: row.key,
        ids: row.ids,
        confidence: REASON_CONFIDENCE[reason],
        cursor: { r, k: row.key },
      })),
      exhausted: rows.length <= want,
    };
  }

  private async members(kind: MergeKind, ids: number[]): Promise<Map<number, DuplicateMember>> {
    if (ids.length === 0) return new Map();
    const { db } = this.uow;
    const rows: DuplicateMember[] =
      kind === 'contact'
        ? await db('contacts as c')
            .leftJoin('companies as co', 'co.id', 'c.companyId')
            .leftJoin('users as u', 'u.id', 'c.ownerId')
            .select('c.id', 'c.name', 'c.email as detail', 'c.phone as detail2', 'co.name as detail3')
            .select('c.ownerId', 'u.name as ownerName', 'c.createdBy', 'c.createdAt')
            .whereRaw('c.id = ANY(?::int[])', [ids])
        : (
            await db('companies as c')
              .leftJoin('users as u', 'u.id', 'c.ownerId')
              .select('c.id', 'c.name', 'c.cnpj as detail', 'c.emailDomain as detail2', 'c.city as detail3')
              .select('c.ownerId', 'u.name as ownerName', 'c.createdBy', 'c.createdAt')
              .whereRaw('c.id = ANY(?::int[])', [ids])
          ).map((row: DuplicateMember) => ({ ...row, detail: row.detail && formatCnpj(row.detail) }));
    return new Map(rows.map((row) => [row.id, row]));
  }
}

/** The SQL expression a reason groups by (served by the index on it where one exists). */
function keyOf(kind: MergeKind, reason: DuplicateReason): string {
  if (kind === 'contact') return reason === 'email' ? 'lower(email)' : 'funil_phone_key(phone)';
  if (reason === 'cnpjRoot') return 'substr(cnpj, 1, 8)';
  if (reason === 'emailDomain') return 'lower(email_domain)';
  return FOLDED_COMPANY_NAME;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

function encode(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decode(cursor: string | undefined, reasons: number): Cursor {
  if (cursor === undefined) return { r: 0 };
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as Cursor;
    const valid =
      Number.isInteger(value.r) &&
      value.r >= 0 &&
      value.r < reasons &&
      (value.k === undefined || typeof value.k === 'string') &&
      (value.s === undefined ||
        (typeof value.s === 'number' && Number.isSafeInteger(value.a) && Number.isSafeInteger(value.b)));
    if (valid && encode(value) === cursor) return value;
  } catch {
    // Not JSON: not ours.
  }
  throw new FieldError('query.cursor', 'cursor is not a cursor this API gave');
}
