import type { QueryBuilder } from 'objection';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import type { BaseModel } from '../db/base.model';
import { containsPattern, countTotal, decodeCursor, encodeCursor } from '../db/keyset-page';

/** The newest contacts looked at first: how common the typed text and each of its words are among them. */
const SAMPLE = 1000;
/** Found this many times in the sample (0.5%), the text is looked for by walking the newest contacts. */
const DENSE_HITS = 5;
/** A word in fewer than this many of the sample (2%) is rare enough to ask the trigram index for. */
const RARE_WORD_HITS = 20;
/** The walk stops after this many sample spans (about 50,000 contacts) and the trigram index finds the rest. */
const WALK_SPANS = 50;
/** At most this many words of the text are weighed. */
const MAX_WORDS = 8;

/**
 * A page of a contact search, newest first, keyset-paginated: the same rows in the same order as
 * `search_text LIKE '%text%'` ordered by id, at a cost that does not depend on how common the text is.
 *
 * One statement. It first counts, among the newest 1,000 contacts before the cursor, those containing the
 * text and those containing each of its words, then takes one of two ways, each bounded:
 * - text found 5 times or more (or at all, when every word of it is common): walk the primary key backwards,
 *   newest first, over at most about 50,000 contacts, and stop at a page. "João" (7.5% of contacts) reads
 *   about 700 rows; "João Silva" (0.25%, both words in 7 to 10%) about 20,000, where the trigram index would
 *   intersect two lists of 70,000 and recheck 4,900 rows.
 * - otherwise: the trigram index, asked only for the rare words of the text, so that "333334@exemplo" reads
 *   the lists of "333334" (a few hundred contacts) and not those of "exemplo" (every contact), which cost
 *   60 ms; the whole text is checked on each row (strpos, which no index serves, so neither way's plan can
 *   change with the planner's guesses). Also what the walk left, older than where it stopped.
 * - a text without three letters or digits in a row ("jo", "7@"): walked as far as it takes, as no index serves it.
 * The two ways are CTEs behind one-time filters: the one not taken is never executed.
 */
export async function contactSearchPage<T>(
  records: () => QueryBuilder<BaseModel>,
  filters: (q: QueryBuilder<BaseModel>) => void,
  text: string,
  page: PageRequest,
  map: (row: BaseModel) => T,
  all: QueryBuilder<BaseModel>,
): Promise<Page<T>> {
  const after = decodeCursor(page.cursor, 1)?.[0];
  const rows = page.limit + 1;
  const words = text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 2).slice(0, MAX_WORDS);
  // A text without three letters or digits in a row gives the trigram index nothing to look up (it would read all of
  // it): such a text is walked, however rare, as far as it takes.
  const indexable = words.some((word) => word.length >= 3);
  const contains = 'strpos(contacts.search_text, lower(funil_unaccent(?))) > 0';
  const candidates = () =>
    records()
      .clearSelect()
      .select('contacts.id')
      .modify(filters)
      .modify((q) => after !== undefined && q.where('contacts.id', '<', after))
      .whereRaw(contains, [text]);
  const sample = records()
    .clearSelect()
    .select('contacts.id', 'contacts.searchText')
    .modify((q) => after !== undefined && q.where('contacts.id', '<', after))
    .orderBy('contacts.id', 'desc')
    .limit(SAMPLE);
  // The rare words, as a LIKE pattern in the text's order (null when none is).
  const rare = records().knex().raw(
    `SELECT '%' || string_agg(w.word, '%' ORDER BY u.n) || '%' AS words
     FROM unnest(?::text[]) WITH ORDINALITY AS u(typed, n), lower(funil_unaccent(u.typed)) AS w(word)
     WHERE length(w.word) >= 3 AND (SELECT count(*) FROM sample WHERE strpos(search_text, w.word) > 0) < ?`,
    [words, RARE_WORD_HITS],
  );
  // Whether to walk (the words are weighed only if the text is found but rarely), and where the walk stops.
  const probe = records().knex().raw(
    `SELECT NOT ? OR hits >= ? OR (hits > 0 AND (SELECT words FROM rare) IS NULL) AS dense,
            CASE WHEN ? THEN floor ELSE 0 END AS floor
     FROM (SELECT (SELECT count(*) FROM sample WHERE strpos(search_text, lower(funil_unaccent(?))) > 0) AS hits,
                  (SELECT min(id) - ? * (max(id) - min(id) + 1) FROM sample) AS floor) AS p`,
    [indexable, DENSE_HITS, indexable, text, WALK_SPANS - 1],
  );
  const walked = candidates()
    .whereRaw('(SELECT dense FROM probe)')
    .whereRaw('contacts.id >= (SELECT floor FROM probe)')
    .orderBy('contacts.id', 'desc')
    .limit(rows);
  // Both conditions on the probe and walked only: one-time filters, so the index is not read when the walk sufficed
  // or covered every contact (ids start at 1).
  const indexed = candidates()
    .whereRaw('(SELECT count(*) FROM walked) < ?', [rows])
    .whereRaw('(SELECT NOT dense OR floor > 1 FROM probe)')
    .whereRaw('contacts.search_text LIKE coalesce((SELECT words FROM rare), lower(funil_unaccent(?)))', [containsPattern(text)])
    .whereRaw('(NOT (SELECT dense FROM probe) OR contacts.id < (SELECT floor FROM probe))');
  const total = page.includeTotal ? await countTotal(all) : undefined;
  const found = await records()
    .withMaterialized('sample', sample.toKnexQuery())
    .withMaterialized('rare', rare)
    .withMaterialized('probe', probe)
    .withMaterialized('walked', walked.toKnexQuery())
    .withMaterialized('indexed', indexed.toKnexQuery())
    .whereRaw('contacts.id = any(array(SELECT id FROM walked UNION ALL (SELECT id FROM indexed ORDER BY id DESC LIMIT ?)))', [rows])
    .orderBy('contacts.id', 'desc')
    .limit(rows);
  const items = found.slice(0, page.limit);
  const last = items[items.length - 1];
  return {
    items: items.map(map),
    nextCursor: found.length > page.limit && last ? encodeCursor([last.id as number]) : null,
    ...total,
  };
}
