import { inject, injectable } from 'inversify';
import type { Knex } from 'knex';
import {
  bestFirst,
  type ActivityHit,
  type ContactHit,
  type DealHit,
  type NoteHit,
  type SearchQuery,
  type TemplateHit,
} from '../../domain/search/search';
import type { Hit, SearchRepository } from '../../domain/search/search.ports';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { phoneCondition } from '../contacts/contact-phone';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

/** How many newest substring matches are looked at, per hit wanted, to find the word-start ones among them. */
const WIDEN = 4;

/** A note found shows this many characters of its text, starting this many before the match. */
const EXCERPT = 160;
const EXCERPT_BEFORE = 60;

/** LIKE-escaped text: % and _ (and the escape character) mean themselves. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

interface Kind {
  table: string;
  /** The normalised text searched; the same expression as the kind's trigram index. */
  searchText: string;
  /** The normalised name (title, subject) the rank looks at. */
  nameText: string;
  /** Extra condition on the table's rows (with its bindings), e.g. whose activities. */
  where?: [string, unknown[]];
  /** More candidates (a statement of ids, with its bindings), found another way: a contact's phone. */
  alsoFound?: [string, unknown[]];
}

/**
 * Each kind is one statement: the newest `limit` rows whose text starts with the typed text, and the
 * newest `limit × 4` that contain it, both served by the kind's trigram index (or, for very common
 * text, by walking the primary key backwards), ranked (see `MatchRank`) and cut to `limit`. So the cost
 * is that of the first page of the contact list's search, whatever the number of matches.
 */
@injectable()
export class KnexSearchRepository implements SearchRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  /** A phone ("+55 61 93729-5260") also finds, as the contact list does, the newest `limit` with that number. */
  async contacts(query: SearchQuery): Promise<Hit<ContactHit>[]> {
    const phone = phoneCondition(query.text, 'p');
    return this.find<ContactHit>(
      query,
      {
        table: 'contacts',
        searchText: 't.search_text',
        nameText: 'lower(funil_unaccent(t.name))',
        // The phone's few matches from its index, then the newest of them (an ORDER BY id beside the condition could
        // walk the primary key instead).
        alsoFound: phone && [
          `SELECT t.id FROM contacts t WHERE t.id = any(array(SELECT p.id FROM contacts p WHERE ${phone[0]})) ORDER BY t.id DESC LIMIT ?`,
          [...phone[1], query.limit],
        ],
      },
      't.name, t.company, t.email, t.phone',
    );
  }

  async deals(query: SearchQuery): Promise<Hit<DealHit>[]> {
    return this.find<DealHit>(
      query,
      { table: 'deals', searchText: 'lower(funil_unaccent(t.title))', nameText: 'lower(funil_unaccent(t.title))' },
      't.title, t.stage, t.value, t.currency, (SELECT c.name FROM contacts c WHERE c.id = t.contact_id) AS "contactName"',
    );
  }

  async activities(query: SearchQuery): Promise<Hit<ActivityHit>[]> {
    const mine = query.activitiesOf;
    return this.find<ActivityHit>(
      query,
      {
        table: 'activities',
        searchText: 'lower(funil_unaccent(t.subject))',
        nameText: 'lower(funil_unaccent(t.subject))',
        where: mine === undefined ? undefined : ['(t.assigned_to = ? OR t.created_by = ?)', [mine, mine]],
      },
      't.subject, t.type, t.status, t.due_date AS "dueDate", (SELECT c.name FROM contacts c WHERE c.id = t.contact_id) AS "contactName"',
    );
  }

  async templates(query: SearchQuery): Promise<Hit<TemplateHit>[]> {
    return this.find<TemplateHit>(
      query,
      {
        table: 'email_templates',
        searchText: "lower(funil_unaccent(t.name || ' ' || t.subject))",
        nameText: 'lower(funil_unaccent(t.name))',
      },
      't.name, t.subject, t.category',
    );
  }

  /**
   * The newest notes holding the text, from crm_notes_search_trgm_index (or, for very common text, walking the primary
   * key backwards), each with an excerpt around its first match: the body's own characters, read where the folded text
   * matched (folding keeps each character's place but for the rare ones unaccent spells in two, such as ß).
   */
  async notes(query: SearchQuery): Promise<NoteHit[]> {
    const { rows } = (await this.uow.db.raw(
      `SELECT n.id, n.kind, n.occurred_at AS "occurredAt", n.contact_id AS "contactId", n.deal_id AS "dealId",
         n.company_id AS "companyId",
         (SELECT c.name FROM contacts c WHERE c.id = n.contact_id) AS "contactName",
         (SELECT d.title FROM deals d WHERE d.id = n.deal_id) AS "dealTitle",
         (SELECT co.name FROM companies co WHERE co.id = n.company_id) AS "companyName",
         x.start, substr(n.body, x.start, ?) AS part, char_length(n.body) AS length
       FROM crm_notes n
       CROSS JOIN LATERAL (SELECT greatest(strpos(n.search_text, lower(funil_unaccent(?))) - ?, 1) AS start) x
       WHERE n.search_text LIKE lower(funil_unaccent(?))
       ORDER BY n.id DESC LIMIT ?`,
      [EXCERPT, query.text, EXCERPT_BEFORE, `%${literal(query.text)}%`, query.limit],
    )) as { rows: (Omit<NoteHit, 'excerpt'> & { start: number; part: string; length: number })[] };
    return rows.map(({ start, part, length, ...hit }) => ({
      ...hit,
      excerpt: `${start > 1 ? '…' : ''}${part.replace(/\s+/g, ' ').trim()}${start + EXCERPT <= length ? '…' : ''}`,
    }));
  }

  private async find<T extends { id: number }>(query: SearchQuery, kind: Kind, columns: string): Promise<Hit<T>[]> {
    const text = literal(query.text);
    const [extra, extraBindings] = kind.where ?? ['true', []];
    const normalised = 'lower(funil_unaccent(?))';
    const sql = `
      SELECT t.id, ${columns},
        CASE WHEN ${kind.nameText} LIKE ${normalised} THEN 0 WHEN ${kind.nameText} LIKE ${normalised} THEN 1 ELSE 2 END AS rank
      FROM (
        (SELECT t.id FROM ${kind.table} t WHERE ${kind.searchText} LIKE ${normalised} AND ${extra} ORDER BY t.id DESC LIMIT ?)
        UNION
        (SELECT t.id FROM ${kind.table} t WHERE ${kind.searchText} LIKE ${normalised} AND ${extra} ORDER BY t.id DESC LIMIT ?)
        ${kind.alsoFound ? `UNION (${kind.alsoFound[0]})` : ''}
      ) candidates
      JOIN ${kind.table} t ON t.id = candidates.id`;
    const bindings = [
      `${text}%`,
      `% ${text}%`,
      `${text}%`,
      ...extraBindings,
      query.limit,
      `%${text}%`,
      ...extraBindings,
      query.limit * WIDEN,
      ...(kind.alsoFound?.[1] ?? []),
    ] as Knex.RawBinding[];
    const { rows } = (await this.uow.db.raw(sql, bindings)) as { rows: Hit<T>[] };
    return bestFirst(rows, query.limit);
  }
}
