import { hash } from 'node:crypto';
import { foldedColumn, sortColumnOf, sortedPage, type SortColumn } from '../db/sorted-page';
import { inject, injectable } from 'inversify';
import type { QueryBuilder } from 'objection';
import type {
  Contact,
  ContactBulkValues,
  ContactFields,
  ContactFilter,
  ContactSortField,
  DuplicateProbe,
  NewContact,
  PossibleDuplicate,
  SourceUsage,
  TagUsage,
} from '../../domain/contacts/contact';
import type { ContactRepository } from '../../domain/contacts/contacts.ports';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import type { TimelineAuthor } from '../../domain/timeline/timeline';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { plain, tableModel, type BaseModel } from '../db/base.model';
import { containsPattern, whereFolded } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { KnexRecordStore, referenced } from '../crm/knex-record-store';
import type { Knex } from '../db/database';
import { arrayBinding } from '../db/array-binding';
import { translateDbError } from '../db/db-errors';
import { preparedRows } from '../db/prepared';
import { phoneCondition } from './contact-phone';
import { contactSearchPage, trigramIndexable } from './contact-search';
import { contactEntriesInsert } from '../timeline/knex-timeline.repository';

export const ContactModel = tableModel('contacts', { jsonAttributes: ['customFields'], hasUpdatedAt: true });

@injectable()
export class KnexContactRepository
  extends KnexRecordStore<Contact, NewContact, Partial<ContactFields>>
  implements ContactRepository
{
  /** createRecorded's statements, by the columns given. */
  private readonly recordedInserts = new Map<string, { sql: string; name: string }>();

  constructor(@inject(UNIT_OF_WORK) uow: KnexUnitOfWork) {
    super(uow, ContactModel, [...CONTACT_COLUMNS, referenced('users', 'name', 'contacts.ownerId', 'ownerName')]);
  }

  list(filter: ContactFilter, page: PageRequest): Promise<Page<Contact>> {
    // A table's order: the matches (a search's too, as a bulk change finds them) in that order.
    if (filter.sort)
      return sortedPage(
        this.select().modify((q) => matching(q, filter)),
        page,
        filter.sort,
        sortColumnOf('contacts', CONTACT_SORT_COLUMNS, filter.sort),
        (row) => this.toRecord(row),
      );
    // Nothing to match (the contacts screen as it opens): the same page, as a prepared statement (issue 31).
    if (Object.values(filter).every((value) => value === undefined || value === false))
      return this.unfilteredPage('funil_contacts_page', page);
    if (!filter.search)
      return this.page(
        this.select().modify((q) => matching(q, filter)),
        page,
      );
    const others = (q: QueryBuilder<BaseModel>) => matching(q, { ...filter, search: undefined });
    return contactSearchPage(
      () => this.select(),
      others,
      filter.search,
      page,
      (row) => this.toRecord(row),
    );
  }

  /**
   * A row as a contact: the columns read are the record's (CONTACT_COLUMNS); a row read whole (a search's) drops its
   * search text and E.164 phone, by a copy rather than `delete`, which would slow every later read of the object
   * (JSON.stringify of the answer included).
   */
  protected override toRecord(row: BaseModel): Contact {
    if ('searchText' in row || 'phoneE164' in row) {
      const { searchText: _text, phoneE164: _phone, ...record } = row;
      return plain<Contact>(record);
    }
    return plain<Contact>(row);
  }

  async count(filter: ContactFilter): Promise<number> {
    const [row] = await ContactModel.query(this.uow.db)
      .modify((q) => matching(q, filter))
      .count({ count: '*' });
    return Number(row.count);
  }

  async lockByIds(ids: number[]): Promise<Contact[]> {
    const rows = await this.select()
      .whereRaw('?? = any(?::int[])', ['contacts.id', ids])
      .orderBy('contacts.id')
      .forUpdate();
    return rows.map((row) => this.toRecord(row));
  }

  async lockMatching(filter: ContactFilter, limit: number): Promise<Contact[]> {
    const rows = await this.select()
      .modify((q) => matching(q, filter))
      .orderBy('contacts.id')
      .limit(limit)
      .forUpdate();
    return rows.map((row) => this.toRecord(row));
  }

  /** One UPDATE ... FROM jsonb_to_recordset: each row's values travel as one JSON parameter. */
  async updateMany(rows: { id: number; values: ContactBulkValues }[]): Promise<Contact[]> {
    if (!rows.length) return [];
    const { db } = this.uow;
    const fields = Object.keys(rows[0].values) as (keyof ContactBulkValues)[];
    const column = { status: 'status', ownerId: 'owner_id', tags: 'tags', customFields: 'custom_fields' } as const;
    const type = { status: 'text', ownerId: 'integer', tags: 'jsonb', customFields: 'jsonb' } as const;
    const set = {
      status: db.raw('v.status'),
      ownerId: db.raw('v.owner_id'),
      tags: db.raw('array(SELECT jsonb_array_elements_text(v.tags))'),
      customFields: db.raw('v.custom_fields'),
    };
    const json = rows.map(({ id, values }) =>
      Object.fromEntries([['id', id], ...fields.map((field) => [column[field], values[field] ?? null])]),
    );
    const updated: BaseModel[] = await db('contacts')
      .update({
        ...Object.fromEntries(fields.map((field) => [field, set[field]])),
        updatedAt: db.raw("greatest(clock_timestamp(), contacts.updated_at + interval '1 millisecond')"),
      })
      .updateFrom(
        db.raw(
          `jsonb_to_recordset(?::jsonb) AS v(id integer${fields.map((field) => `, ${column[field]} ${type[field]}`).join('')})`,
          [JSON.stringify(json)],
        ),
      )
      .whereRaw('contacts.id = v.id')
      .returning([
        ...CONTACT_COLUMNS,
        db.raw('(SELECT r.name FROM users AS r WHERE r.id = contacts.owner_id) AS owner_name'),
      ]);
    return updated.map((row) => this.toRecord(row));
  }

  async deleteMany(ids: number[]): Promise<void> {
    if (ids.length) await ContactModel.query(this.uow.db).delete().whereRaw('id = any(?::int[])', [ids]);
  }

  /**
   * INSERT ... RETURNING and the timeline's insert from what it returns, in one statement: what create and
   * timeline.record write in two, inside a transaction of their own (four round trips and the transaction's set-up).
   * The statement depends only on which columns are given: each such statement is written once and then only bound.
   */
  async createRecorded(values: NewContact, by: TimelineAuthor): Promise<Contact> {
    const given = NEW_CONTACT_COLUMNS.filter(([key]) => values[key] !== undefined);
    const entries = contactEntriesInsert('created', 'created', by);
    const key = given.map(([name]) => name).join();
    let statement = this.recordedInserts.get(key);
    if (!statement) {
      const sql = createRecordedSql(
        given.map(([, column]) => column),
        entries.sql,
      );
      // A name of its own for each set of columns: a named prepared statement (preparedRows).
      statement = { sql, name: `funil_contact_create_${hash('sha1', sql, 'hex').slice(0, 16)}` };
      this.recordedInserts.set(key, statement);
    }
    const bindings = given.map(([name]) =>
      name === 'customFields' ? JSON.stringify(values.customFields) : values[name],
    );
    try {
      const [row] = await preparedRows<Contact>(this.uow.db, statement.name, statement.sql, [
        ...bindings,
        ...entries.bindings,
      ] as Knex.Value[]);
      return row;
    } catch (error) {
      throw translateDbError(error);
    }
  }

  /**
   * INSERT ... SELECT FROM unnest: each column travels as one array parameter, so the statement and its parse are
   * the same size for ten rows or ten thousand, and nothing comes back but the count. The timeline entries are
   * written by the same statement from what the insert returns: what timeline.record would write for each.
   */
  async insertImported(contacts: NewContact[], by: TimelineAuthor & { importId: number }): Promise<number> {
    if (!contacts.length) return 0;
    const column = (key: Exclude<keyof NewContact, 'tags' | 'customFields'>) =>
      arrayBinding(contacts.map((c) => c[key] ?? null));
    const entries = contactEntriesInsert('created', 'created', by);
    const { rows } = await this.uow.db.raw(
      `WITH created AS (
         INSERT INTO contacts (name, email, phone, company_id, position, source, status, score, tags, notes, owner_id, created_by, custom_fields)
         SELECT v.name, v.email, v.phone, v.company_id, v.position, v.source, coalesce(v.status, 'lead'), coalesce(v.score, 0),
                coalesce(v.tags::text[], '{}'), v.notes, v.owner_id, v.created_by, coalesce(v.custom_fields::jsonb, '{}')
         FROM unnest(?::text[], ?::text[], ?::text[], ?::int[], ?::text[], ?::text[], ?::text[], ?::int[], ?::text[], ?::text[], ?::int[], ?::int[], ?::text[])
              AS v(name, email, phone, company_id, position, source, status, score, tags, notes, owner_id, created_by, custom_fields)
         RETURNING id, name
       ), entries AS (${entries.sql})
       SELECT count(*)::int AS created FROM created`,
      [
        column('name'),
        column('email'),
        column('phone'),
        column('companyId'),
        column('position'),
        column('source'),
        column('status'),
        column('score'),
        arrayBinding(contacts.map((c) => (c.tags ? arrayLiteral(c.tags) : null))),
        column('notes'),
        column('ownerId'),
        column('createdBy'),
        // As JSON text, null for none: most imports map no custom field.
        arrayBinding(
          contacts.map((c) =>
            c.customFields && Object.keys(c.customFields).length ? JSON.stringify(c.customFields) : null,
          ),
        ),
        ...entries.bindings,
      ],
    );
    return rows[0].created;
  }

  /** contact_tag_counts, kept by triggers on contacts: a prefix lookup in a table of one row per tag. */
  async tags(prefix: string, limit: number): Promise<TagUsage[]> {
    const { db } = this.uow;
    const rows: { tag: string; count: number }[] = await db('contactTagCounts')
      .select('tag', 'count')
      .where('count', '>', 0)
      .modify(
        (q) =>
          prefix && q.whereRaw('lower(funil_unaccent(tag)) like lower(funil_unaccent(?))', [prefixPattern(prefix)]),
      )
      .orderBy([{ column: 'count', order: 'desc' }, { column: 'tag' }])
      .limit(limit);
    return rows;
  }

  /**
   * contact_source_counts, kept by triggers on contacts: a prefix lookup in a table of one row per source; spellings
   * that differ only in case and accents (which the filter takes as one) are one suggestion, under the most used.
   */
  async sources(prefix: string, limit: number): Promise<SourceUsage[]> {
    const { db } = this.uow;
    const rows: { source: string; count: number }[] = await db('contactSourceCounts')
      .select(
        db.raw('(array_agg(source ORDER BY count DESC, source))[1] AS source'),
        db.raw('sum(count)::int AS count'),
      )
      .where('count', '>', 0)
      .modify(
        (q) =>
          prefix && q.whereRaw('lower(funil_unaccent(source)) like lower(funil_unaccent(?))', [prefixPattern(prefix)]),
      )
      .groupByRaw('lower(funil_unaccent(source))')
      .orderBy([{ column: 'count', order: 'desc' }, { column: 'source' }])
      .limit(limit);
    return rows;
  }

  /**
   * Each reason is an indexed lookup: lower(email), the phone's digit key, and for the name the trigram
   * index (word similarity against the search text), kept when the names are at least 0.5 similar. The lookups
   * are a union of ids: as one OR, PostgreSQL walked the primary key newest first and tested every contact
   * (1.7 s for a name like no other at 100,000 contacts; 10 ms so, and 53 ms for a name like all of them).
   */
  async possibleDuplicates(probe: DuplicateProbe, limit: number): Promise<PossibleDuplicate[]> {
    const { db } = this.uow;
    const reasons = [
      probe.email && db.raw("CASE WHEN lower(email) = lower(?) THEN 'email' END", [probe.email]),
      probe.phone && db.raw("CASE WHEN funil_phone_key(phone) = funil_phone_key(?) THEN 'phone' END", [probe.phone]),
      probe.name &&
        db.raw("CASE WHEN similarity(lower(funil_unaccent(name)), lower(funil_unaccent(?))) >= 0.5 THEN 'name' END", [
          probe.name,
        ]),
    ].filter((r) => !!r);
    const ids = () => db('contacts').select('id');
    const lookups = [
      probe.email && ids().whereRaw('lower(email) = lower(?)', [probe.email]),
      probe.phone && ids().whereRaw('funil_phone_key(phone) = funil_phone_key(?)', [probe.phone]),
      // A common name is like thousands of contacts: any 200 of them are enough to warn with.
      probe.name && ids().whereRaw('lower(funil_unaccent(?)) <% search_text', [probe.name]).limit(200),
    ].filter((lookup) => !!lookup);
    if (!lookups.length) return [];
    const rows: (PossibleDuplicate & { reasons: (string | null)[] })[] = await db('contacts')
      .select(
        'id',
        'name',
        'email',
        'phone',
        'company',
        db.raw(`array_remove(array[${reasons.map(() => '?').join(', ')}]::text[], null) AS reasons`, reasons),
      )
      .whereRaw(`id IN (${lookups.map(() => '?').join(' UNION ')})`, lookups)
      .modify((q) => probe.excludeId !== undefined && q.whereNot('id', probe.excludeId))
      .orderBy('id', 'desc')
      .limit(50);
    return rows
      .map((row) => ({
        ...row,
        reasons: row.reasons.filter((r): r is PossibleDuplicate['reasons'][number] => r !== null),
      }))
      .filter((row) => row.reasons.length > 0)
      .sort((a, b) => b.reasons.length - a.reasons.length)
      .slice(0, limit);
  }
}

/**
 * What a contact record reads, in the table's order: every column but the stored search text and E.164 phone (what
 * searches read). A column a migration adds joins here (a test compares this list with the table's).
 */
export const CONTACT_COLUMNS = [
  'contacts.id',
  'contacts.name',
  'contacts.email',
  'contacts.phone',
  'contacts.company',
  'contacts.position',
  'contacts.source',
  'contacts.status',
  'contacts.score',
  'contacts.tags',
  'contacts.notes',
  'contacts.customFields',
  'contacts.ownerId',
  'contacts.createdBy',
  'contacts.createdAt',
  'contacts.updatedAt',
  'contacts.companyId',
  'contacts.anonymizedAt',
];

/** A new contact's fields and their columns, in the table's order. */
const NEW_CONTACT_COLUMNS: [keyof NewContact, string][] = [
  ['name', 'name'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['companyId', 'company_id'],
  ['position', 'position'],
  ['source', 'source'],
  ['status', 'status'],
  ['score', 'score'],
  ['tags', 'tags'],
  ['notes', 'notes'],
  ['customFields', 'custom_fields'],
  ['ownerId', 'owner_id'],
  ['createdBy', 'created_by'],
];

/**
 * A contact with the given columns, and its 'created' timeline entry (contactEntriesInsert, whose bindings follow the
 * columns'); answers the contact as every other write does, owner's name included.
 */
function createRecordedSql(columns: string[], entriesSql: string): string {
  return `WITH created AS (
      INSERT INTO contacts (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})
      RETURNING id, name, email, phone, company_id, company, position, source, status, score, tags, notes, custom_fields, owner_id, created_by, created_at, updated_at, anonymized_at
    ), entry AS (${entriesSql})
    SELECT id, name, email, phone, company_id AS "companyId", company, position, source, status, score, tags, notes, custom_fields AS "customFields",
           owner_id AS "ownerId", created_by AS "createdBy", created_at AS "createdAt", updated_at AS "updatedAt", anonymized_at AS "anonymizedAt",
           (SELECT r.name FROM users AS r WHERE r.id = created.owner_id) AS "ownerName"
    FROM created`;
}

/** The columns a contacts list can be ordered by (contacts_*_sort_index and the others named in their migration). */
const CONTACT_SORT_COLUMNS: Record<ContactSortField, SortColumn> = {
  name: foldedColumn('contacts.name'),
  email: { sql: 'lower(contacts.email)', cast: 'text' },
  company: foldedColumn('contacts.company'),
  status: { sql: 'contacts.status', cast: 'text' },
  score: { sql: 'contacts.score', cast: 'int' },
  source: foldedColumn('contacts.source'),
  createdAt: { sql: 'contacts.created_at', cast: 'timestamptz' },
  updatedAt: { sql: 'contacts.updated_at', cast: 'timestamptz' },
};

/** The list's filters (also a bulk change's and the export's). */
function matching(q: QueryBuilder<BaseModel>, filter: ContactFilter): void {
  // The stored search text, which contacts_search_trgm_index indexes, or for a phone its digits (contacts_phone_suffix_index),
  // or a note's text (a list page's search: contact-search.ts).
  if (filter.search) {
    const search = filter.search;
    const phone = phoneCondition(search);
    q.where((w) => {
      w.whereRaw('?? like lower(funil_unaccent(?))', ['contacts.searchText', containsPattern(search)]);
      if (phone) w.orWhereRaw(...phone);
      // The contacts whose notes hold the text, found by crm_notes_search_trgm_index, as ids the primary key serves.
      if (trigramIndexable(search))
        w.orWhereRaw(
          '?? = any(array(SELECT n.contact_id FROM crm_notes n WHERE n.search_text LIKE lower(funil_unaccent(?)) AND n.contact_id IS NOT NULL))',
          ['contacts.id', containsPattern(search)],
        );
    });
  }
  if (filter.status) q.where('contacts.status', filter.status);
  if (filter.tag) q.whereRaw('?? @> array[?]::text[]', ['contacts.tags', filter.tag]);
  if (filter.ownerId !== undefined) q.where('contacts.ownerId', filter.ownerId);
  // contacts_company_id_index, newest first.
  if (filter.companyId !== undefined) q.where('contacts.companyId', filter.companyId);
  // Accents and case ignored, as the search does (contacts_source_folded_index).
  if (filter.source) whereFolded(q, 'contacts.source', filter.source);
  if (filter.scoreMin !== undefined) q.where('contacts.score', '>=', filter.scoreMin);
  if (filter.scoreMax !== undefined) q.where('contacts.score', '<=', filter.scoreMax);
  // contacts_custom_fields_index (GIN, jsonb_path_ops) serves containment.
  if (filter.customFieldMatch)
    q.whereRaw('?? @> ?::jsonb', ['contacts.customFields', JSON.stringify(filter.customFieldMatch)]);
  if (filter.excludeAnonymized) q.whereNull('contacts.anonymizedAt');
}

const prefixPattern = (term: string): string => `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A text[] literal ({"a","b \"c"}): tags ride in a text[] parameter, one literal per contact, cast back in SQL. */
function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}
