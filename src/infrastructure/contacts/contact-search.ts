import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { knexSnakeCaseMappers, raw, type QueryBuilder } from 'objection';
import { SEARCH_TOTAL_CAP, type Page, type PageRequest, type PageTotal } from '../../domain/shared/list-page';
import type { BaseModel } from '../db/base.model';
import { decodeCursor, encodeCursor } from '../db/keyset-page';
import { phoneSearch } from '../../domain/contacts/phone';
import { phoneMatchSql, phoneSearchKeys } from './contact-phone';
import { preparedRows } from '../db/prepared';

/** The newest contacts looked at first (the head), walked until a page is found. */
const SAMPLE = 1000;
/** Found this many times in the head (0.5%), the text is looked for past it block by block (BLOCK). */
const DENSE_HITS = 5;
/** How common each word of the text is, weighed among the newest this many contacts. */
const WEIGHED = 250;
/** A word in this many of them (2%) is too common to ask the trigram index for. */
const RARE_WORD_HITS = 5;
/** The ids in one block of the trigram index's second column (`ARRAY[id / 16384]`, the migration of that name). */
const BLOCK = 16_384;
/** The newest this many blocks (about 65,000 contacts) are asked one after the other; the trigram index alone finds the rest. */
const BLOCKS = 4;
/** At most this many words of the text are weighed (tokens: words and what separates them). */
const MAX_WORDS = 8;
/** No cursor: every id is below it. */
const NO_CURSOR = Number.MAX_SAFE_INTEGER;

/**
 * A page of a contact search, newest first, keyset-paginated: the same rows in the same order as
 * `search_text LIKE '%text%'` (or, for a phone, that or its match: contact-phone.ts; or a note of the contact holding the text) ordered by id, at a cost that does not depend on how common the text is among the contacts.
 *
 * One statement, each step bounded and run only when the one before did not fill the page:
 * - the head: the newest 1,000 contacts before the cursor, walked newest first until a page is found. "João"
 *   (7.5% of contacts) stops after about 700 rows, and nothing else runs.
 * - the text found 5 times or more in them (or at all, when every word of it is common): the trigram index asked
 *   for the text in one block of 16,384 ids at a time (its second column), newest block first, at most 4 blocks.
 *   GIN intersects the block's list with the trigram lists of the text's words, skipping through them: "João Silva"
 *   (0.25%, both words in 7 to 10%) reads two blocks and checks about 100 rows, where walking the contacts one by one
 *   checked about 20,000 and asking the index for the whole table would intersect lists of 70,000. The index is
 *   asked for the words alone (`%joao%silva%`: 5 trigrams, not the 8 of `%joao silva%`, the same rows to check
 *   within a block, in 0.55 ms instead of 0.9).
 * - otherwise: the trigram index, asked with the text where its common words (in 2% of the newest 250
 *   contacts, counted only now) are wildcards, so that "333334@exemplo" reads the lists of "333334" and of a
 *   word ending in 34 (`%333334@%`, 229 rows) and not those of "exemplo" (every contact), which cost 60 ms;
 *   the whole text is checked on each row (strpos, which no index serves, so no way's plan can change with
 *   the planner's guesses). Also what the blocks left, older than the last one; with no rare word, asked for the
 *   words alone as the blocks are (`%joao%silva%` leaves out the list of every word starting with s).
 * - a text without three letters or digits in a row ("jo", "7@"): walked as far as it takes, as no index serves it.
 * - besides, a text that is a phone ("+55 61 93729-5260", "937295260": phoneSearch): the contacts whose number's
 *   digits end with its digits, or that are the number it normalises to, read from contacts_phone_suffix_index (a
 *   range of it; a few rows), then newest first; added to what the other ways found, each contact once.
 * - besides, the contacts whose notes hold the text (crm_notes.search_text, folded the same way), for a text the trigram
 *   indexes serve (three letters or digits in a row: trigramIndexable). Only the contacts above the last of the page
 *   the ways above filled can change it (all of them when those found less than a page), and their notes are read by
 *   contact (crm_notes_contact_id_index): the notes of the newest 1,000 contacts (the head's) are checked one by one;
 *   past them, a text in many of those notes (its share, squared, times the notes, more than a page: "orçamento" in
 *   every note) is walked the same way, newest contact first, until a page of contacts is found, and a rarer one is
 *   asked of the notes' trigram index (crm_notes_search_trgm_index) within the same ids. Added to what the other ways
 *   found, each contact once; the contacts' own indexes keep serving the other ways (no OR across the tables). At
 *   1,000,000 contacts and 200,000 notes the statement for "João" reads 480 buffers where it read 315 without notes.
 * The ways are CTEs behind one-time filters: one not taken is never executed.
 *
 * The statement is written once per shape (which filters are present) and sent as a named prepared statement
 * on PostgreSQL: each request binds its values, with no query building in Node and no planning in the database
 * (the generic plan is the same for every text, as the plan must not depend on it). Rows come back as the
 * contact list's `select` gives them (its columns compiled once from `records`), but for the search text.
 *
 * The total, when asked: the same ways gather up to SEARCH_TOTAL_CAP + 1 matches (a page that long) and the
 * statement counts them beside the page's rows; beyond the cap the total is capped. A later page's total is
 * gathered from the top in a statement of its own.
 */
export async function contactSearchPage<T>(
  records: () => QueryBuilder<BaseModel>,
  filters: (q: QueryBuilder<BaseModel>) => void,
  text: string,
  page: PageRequest,
  map: (row: BaseModel) => T,
): Promise<Page<T>> {
  const after = decodeCursor(page.cursor, 1)?.[0];
  const rows = page.limit + 1;
  const indexable = trigramIndexable(text);
  const query = records();
  const db = query.knex();
  const condition = filterCondition(query, filters);
  const shape = shapes.get(condition.sql) ?? (await newShape(db, records, condition.sql));
  const values: Values = {
    text,
    after: after ?? NO_CURSOR,
    rows,
    shown: rows,
    indexable,
    phone: phoneSearch(text) ?? null,
    filter: condition.bindings,
  };
  let found: Record<string, unknown>[];
  let total: PageTotal | undefined;
  if (page.includeTotal) {
    // Up to SEARCH_TOTAL_CAP + 1 matches gathered from the top (with the first page's rows, or on their own).
    const counting = { ...values, after: NO_CURSOR, rows: Math.max(rows, SEARCH_TOTAL_CAP + 1) };
    const counted = await run(db, shape.pageCounted, after === undefined ? counting : { ...counting, shown: 1 });
    found = after === undefined ? counted : await run(db, shape.page, values);
    const matches = Number(counted[0]?.searchMatches ?? 0);
    total =
      matches > SEARCH_TOTAL_CAP
        ? { total: SEARCH_TOTAL_CAP, totalCapped: true }
        : { total: matches, totalCapped: false };
  } else {
    found = await run(db, shape.page, values);
  }
  const items = found.slice(0, page.limit);
  const last = items[items.length - 1];
  return {
    items: items.map(({ searchMatches: _, ...row }) => map(row as BaseModel)),
    nextCursor: found.length > page.limit && last ? encodeCursor([last.id as number]) : null,
    ...total,
  };
}

/**
 * Whether a trigram index can serve a search for `text`: three letters or digits in a row. Another text gives the index
 * nothing to look up (it would read all of it): the contacts are walked, however rare it is, as far as it takes, and
 * the notes are not searched (the contacts' own fields and phones are).
 */
export function trigramIndexable(text: string): boolean {
  return text
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2)
    .slice(0, MAX_WORDS)
    .some((word) => word.length >= 3);
}

interface Values {
  text: string;
  after: number;
  /** How many matches the ways gather. */
  rows: number;
  /** How many of them come back as rows. */
  shown: number;
  indexable: boolean;
  /** The text, when it is also looked for among the phones (domain/contacts/phone.ts); else null. */
  phone: string | null;
  filter: Knex.Value[];
}

/** A statement with `?` placeholders and which value each stands for, in order. */
interface Statement {
  sql: string;
  name: string;
  order: (keyof Values)[];
}

interface Shape {
  page: Statement;
  /** The page with the count of the matches gathered beside each row (`search_matches`). */
  pageCounted: Statement;
}

const shapes = new Map<string, Shape>();

async function run(db: Knex, statement: Statement, values: Values): Promise<Record<string, unknown>[]> {
  const bindings = statement.order.flatMap((key) => (key === 'filter' ? values.filter : [values[key]]));
  return camelRows(await preparedRows(db, statement.name, statement.sql, bindings));
}

/** The conditions the other filters add (status, owner, ...), with `?` placeholders, as knex writes them. */
function filterCondition(
  records: QueryBuilder<BaseModel>,
  filters: (q: QueryBuilder<BaseModel>) => void,
): { sql: string; bindings: Knex.Value[] } {
  const query = records.clearSelect().select(raw('1')).modify(filters);
  if (!query.hasWheres()) return { sql: '', bindings: [] };
  const { sql, bindings } = query.toKnexQuery().toSQL();
  const prefix = 'select 1 from "contacts" where ';
  if (!sql.startsWith(prefix)) throw new Error(`contact search: unexpected filter SQL: ${sql}`);
  return { sql: sql.slice(prefix.length), bindings: bindings as Knex.Value[] };
}

async function newShape(db: Knex, records: () => QueryBuilder<BaseModel>, filter: string): Promise<Shape> {
  const shape = buildShape(await columnsOf(db, records), filter);
  if (shapes.size >= 64) shapes.clear();
  shapes.set(filter, shape);
  return shape;
}

/**
 * What the contact list selects (`"contacts".*, (SELECT ...) AS "owner_name"`), its table's columns named but for the
 * search text and the E.164 phone: the 50 rows come back without 5 KB nobody reads, and their records keep one shape (a deleted key
 * makes an object a dictionary, slower to serialise).
 */
async function columnsOf(db: Knex, records: () => QueryBuilder<BaseModel>): Promise<string> {
  const { sql, bindings } = records().toKnexQuery().toSQL();
  const match = /^select (.*) from "contacts"$/s.exec(sql);
  if (!match || bindings.length) throw new Error(`contact search: unexpected columns SQL: ${sql}`);
  const { rows } = (await db.raw(
    "SELECT attname FROM pg_attribute WHERE attrelid = 'contacts'::regclass AND attnum > 0 AND NOT attisdropped AND attname NOT IN ('search_text', 'phone_e164') ORDER BY attnum",
  )) as { rows: { attname: string }[] };
  return match[1].replace('"contacts".*', rows.map((r) => `contacts."${r.attname.replace(/"/g, '""')}"`).join(', '));
}

/**
 * The SQL, written with `:name` markers for the values (`:filter`, the other filters' conditions, standing for
 * their own placeholders), turned into `?` placeholders and the order of the values.
 */
function statement(kind: string, template: string, filter: string): Statement {
  const order: (keyof Values)[] = [];
  const sql = template
    .replace(/:(text|after|rows|shown|indexable|phone|filter)\b/g, (_, key: keyof Values) => {
      order.push(key);
      if (key === 'filter') return filter ? `AND (${filter})` : '';
      return {
        text: '?::text',
        after: '?::bigint',
        rows: '?::bigint',
        shown: '?::bigint',
        indexable: '?::boolean',
        phone: '?::text',
      }[key as Exclude<keyof Values, 'filter'>];
    })
    .replace(/\n\s*/g, ' ');
  if (
    (sql.match(/\?/g) ?? []).length !==
    order.filter((k) => k !== 'filter').length +
      (filter.match(/\?/g) ?? []).length * order.filter((k) => k === 'filter').length
  ) {
    throw new Error('contact search: a stray ? in the statement');
  }
  return {
    sql,
    order,
    name: `funil_contact_search_${kind}_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`,
  };
}

function buildShape(columns: string, filter: string): Shape {
  // The newest contacts before the cursor, as the head walks them: with every column when other filters apply.
  const newest = (select: string) =>
    `(SELECT ${select} FROM contacts WHERE id < :after ORDER BY id DESC LIMIT ${SAMPLE}) AS contacts`;
  // The typed text as the stored search text is (lower, unaccented), and as a LIKE pattern for it.
  const typed = `t AS MATERIALIZED (
      SELECT q, '%' || ${escapeLike('q')} || '%' AS pattern, :indexable AS indexable FROM lower(funil_unaccent(:text)) AS q
    )`;
  // The newest contacts' search texts, and the text as a LIKE pattern where its words common among them are
  // wildcards (null when no word is rare): what the trigram index is asked.
  const rare = `sample AS MATERIALIZED (
      SELECT search_text FROM contacts WHERE id < :after ORDER BY id DESC LIMIT ${WEIGHED}
    ),
    rare AS MATERIALIZED (
      SELECT CASE WHEN bool_or(r.rare) THEN '%' || string_agg(CASE WHEN r.rare THEN r.token WHEN r.word THEN '%' ELSE ${escapeLike('r.token')} END, '' ORDER BY r.n) || '%' END AS pattern
      FROM (
        SELECT m.n, m.token, m.token ~ '^[[:alnum:]]+$' AS word,
               m.n <= ${2 * MAX_WORDS} AND m.token ~ '^[[:alnum:]]{3,}$'
                 AND (SELECT count(*) FROM (SELECT FROM sample WHERE strpos(sample.search_text, m.token) > 0 LIMIT ${RARE_WORD_HITS}) AS s) < ${RARE_WORD_HITS} AS rare
        FROM (SELECT x.match[1] AS token, x.n FROM regexp_matches((SELECT q FROM t), '[[:alnum:]]+|[^[:alnum:]]+', 'g') WITH ORDINALITY AS x(match, n)) AS m
        OFFSET 0
      ) AS r
    )`;
  const contains = 'strpos(contacts.search_text, (SELECT q FROM t)) > 0';
  const phone = phoneSearchKeys(':phone');
  const open = '(SELECT count(*) FROM head) < :rows AND (SELECT more FROM span)';
  // Two conditions are there for the generic plan's estimate, which PostgreSQL weighs against custom plans (0.5 ms of
  // planning each) when it decides to keep it: the walk's `id >= floor` (0 for a text it walks) and the blocks as a
  // series of constants (4 rows, where a series between values estimates 1,000). For the same reason the phone way is
  // gated by what phone_keys holds (null digits: no phone), not by the parameter: a custom plan would drop a way gated
  // by a null parameter, cost less than the generic plan, and PostgreSQL would plan every search (1.5 ms more each).
  const page = (counted: boolean) => `WITH ${typed},
    head AS MATERIALIZED (
      SELECT contacts.id FROM ${newest(filter ? '*' : 'id, search_text')}
      WHERE ${contains} :filter
      ORDER BY contacts.id DESC LIMIT :rows
    ),
    span AS MATERIALIZED (
      SELECT count(*) = ${SAMPLE} AS more, min(id) AS low,
             CASE WHEN :indexable THEN greatest((min(id) - 1) / ${BLOCK} - ${BLOCKS - 1}, 0) * ${BLOCK} ELSE 0 END AS floor
      FROM ${newest('id')}
    ),
    ${rare},
    probe AS MATERIALIZED (
      SELECT :rows - hits AS wanted, NOT :indexable OR hits >= ${DENSE_HITS} OR (hits > 0 AND (SELECT pattern FROM rare) IS NULL) AS dense
      FROM (SELECT count(*) AS hits FROM head) AS h
    ),
    walked AS MATERIALIZED (
      SELECT contacts.id FROM contacts
      WHERE ${open} AND NOT :indexable AND contacts.id < (SELECT low FROM span) AND contacts.id >= (SELECT floor FROM span) AND ${contains} :filter
      ORDER BY contacts.id DESC LIMIT (SELECT wanted FROM probe)
    ),
    spread AS MATERIALIZED (
      SELECT coalesce('%' || string_agg(w.match[1], '%' ORDER BY w.n) || '%', (SELECT pattern FROM t)) AS pattern
      FROM regexp_matches((SELECT q FROM t), '[[:alnum:]]+', 'g') WITH ORDINALITY AS w(match, n)
    ),
    blocks AS MATERIALIZED (
      SELECT x.id FROM generate_series(0, ${BLOCKS - 1}) AS b(n)
      CROSS JOIN LATERAL (
        SELECT contacts.id FROM contacts
        WHERE ARRAY[contacts.id / ${BLOCK}] = ARRAY[(SELECT (low - 1) / ${BLOCK} FROM span) - b.n] AND contacts.search_text LIKE (SELECT pattern FROM spread)
          AND contacts.id < (SELECT low FROM span) AND ${contains} :filter
        ORDER BY contacts.id DESC
      ) AS x
      WHERE ${open} AND :indexable AND (SELECT dense FROM probe)
      LIMIT (SELECT wanted FROM probe)
    ),
    indexed AS MATERIALIZED (
      SELECT contacts.id FROM contacts
      WHERE ${open}
        AND (SELECT NOT dense OR (SELECT floor FROM span) > 0 FROM probe)
        AND (SELECT count(*) FROM blocks) < (SELECT wanted FROM probe)
        AND contacts.search_text LIKE coalesce((SELECT pattern FROM rare), (SELECT pattern FROM spread))
        AND (contacts.id < (SELECT floor FROM span) OR NOT (SELECT dense FROM probe) AND contacts.id < (SELECT low FROM span))
        AND ${contains} :filter
    ),
    phone_keys AS MATERIALIZED (
      SELECT ${phone.digits} AS digits, ${phone.number} AS number
    ),
    phone_hits AS MATERIALIZED (
      SELECT contacts.id FROM contacts
      WHERE (SELECT digits FROM phone_keys) IS NOT NULL
        AND ${phoneMatchSql({ digits: '(SELECT digits FROM phone_keys)', number: '(SELECT number FROM phone_keys)' })}
    ),
    phoned AS MATERIALIZED (
      SELECT contacts.id FROM contacts
      WHERE contacts.id = any(array(SELECT id FROM phone_hits)) AND contacts.id < :after :filter
      ORDER BY contacts.id DESC LIMIT :rows
    ),
    others AS MATERIALIZED (
      SELECT id FROM head UNION ALL SELECT id FROM walked UNION ALL SELECT id FROM blocks
      UNION ALL (SELECT id FROM indexed ORDER BY id DESC LIMIT :rows)
      UNION SELECT id FROM phoned
    ),
    cut AS MATERIALIZED (
      SELECT CASE WHEN count(*) >= :rows THEN min(id) ELSE 0 END AS low
      FROM (SELECT id FROM others ORDER BY id DESC LIMIT :rows) AS o
    ),
    note_head AS MATERIALIZED (
      SELECT crm_notes.contact_id AS id, strpos(crm_notes.search_text, (SELECT q FROM t)) > 0 AS hit FROM crm_notes
      WHERE (SELECT indexable FROM t) AND crm_notes.contact_id < :after
        AND crm_notes.contact_id >= greatest((SELECT low FROM span), (SELECT low FROM cut) + 1)
    ),
    note_span AS MATERIALIZED (
      SELECT (SELECT more FROM span) AND (SELECT low FROM cut) + 1 < (SELECT low FROM span) AS more, hits >= ${DENSE_HITS}
               AND hits * hits * (SELECT greatest(reltuples, 1) FROM pg_class WHERE oid = 'crm_notes'::regclass) > :rows * sampled * sampled AS dense
      FROM (SELECT count(*) FILTER (WHERE hit) AS hits, greatest(count(*), 1) AS sampled FROM note_head) AS h
    ),
    note_walked AS MATERIALIZED (
      SELECT DISTINCT crm_notes.contact_id AS id FROM crm_notes JOIN contacts ON contacts.id = crm_notes.contact_id
      WHERE (SELECT more AND dense FROM note_span) AND crm_notes.contact_id < (SELECT low FROM span)
        AND crm_notes.contact_id > (SELECT low FROM cut) AND strpos(crm_notes.search_text, (SELECT q FROM t)) > 0 :filter
      ORDER BY crm_notes.contact_id DESC LIMIT :rows
    ),
    note_indexed AS MATERIALIZED (
      SELECT crm_notes.contact_id AS id FROM crm_notes
      WHERE (SELECT more AND NOT dense FROM note_span) AND crm_notes.search_text LIKE (SELECT pattern FROM t)
        AND crm_notes.contact_id + 0 < (SELECT low FROM span) AND crm_notes.contact_id + 0 > (SELECT low FROM cut)
    ),
    noted AS MATERIALIZED (
      SELECT contacts.id FROM contacts
      WHERE contacts.id = any(array(
        SELECT id FROM note_head WHERE hit UNION SELECT id FROM note_walked UNION SELECT id FROM note_indexed
      )) :filter
      ORDER BY contacts.id DESC LIMIT :rows
    ),
    found AS MATERIALIZED (
      SELECT id FROM others UNION SELECT id FROM noted
    )
    SELECT ${columns}${counted ? ', (SELECT count(*) FROM found) AS search_matches' : ''} FROM contacts
    WHERE contacts.id = any(array(SELECT id FROM found))
    ORDER BY contacts.id DESC LIMIT :shown`;
  return { page: statement('page', page(false), filter), pageCounted: statement('page_counted', page(true), filter) };
}

/** `value` as a LIKE pattern matching itself (\, % and _ escaped), in SQL. */
const escapeLike = (value: string) => `replace(replace(replace(${value}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;

/** Rows from raw SQL as the knex instance gives a query builder's: snake_case columns as camelCase keys (database.ts). */
const { postProcessResponse: camelRows } = knexSnakeCaseMappers() as {
  postProcessResponse(rows: Record<string, unknown>[]): Record<string, unknown>[];
};
