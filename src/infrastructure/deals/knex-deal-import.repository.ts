import { inject, injectable } from 'inversify';
import type { ContactMatchIndex } from '../../domain/deals/deal-import';
import type { DealImportRepository } from '../../domain/deals/deal-imports.ports';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import { arrayBinding } from '../db/array-binding';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

type Person = { id: number; name: string };

/** The deals import's lookups of people and of the board's columns. */
@injectable()
export class KnexDealImportRepository implements DealImportRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  /**
   * Two lookups: contacts_email_lower_index, and contacts_name_sort_index (names equal up to case and accents, the
   * key that index holds).
   */
  async contactMatches(refs: { emails: string[]; names: string[] }): Promise<ContactMatchIndex> {
    const db = this.uow.db;
    const index: ContactMatchIndex = { byEmail: new Map(), nameKeys: new Map(), byNameKey: new Map() };
    if (refs.emails.length) {
      const { rows } = (await db.raw(
        'SELECT id, name, lower(email) AS email FROM contacts WHERE lower(email) = any(?::text[]) ORDER BY id',
        [arrayBinding(refs.emails.map((email) => email.toLowerCase()))],
      )) as { rows: (Person & { email: string })[] };
      for (const { email, ...person } of rows) if (!index.byEmail.has(email)) index.byEmail.set(email, person);
    }
    if (refs.names.length) {
      const { rows: keys } = (await db.raw(
        'SELECT n.name, lower(funil_unaccent(n.name)) AS key FROM unnest(?::text[]) AS n(name)',
        [arrayBinding(refs.names)],
      )) as { rows: { name: string; key: string }[] };
      for (const { name, key } of keys) index.nameKeys.set(name, key);
      const { rows } = (await db.raw(
        'SELECT id, name, lower(funil_unaccent(name)) AS key FROM contacts WHERE lower(funil_unaccent(name)) = any(?::text[]) ORDER BY id',
        [arrayBinding([...new Set(keys.map((k) => k.key))])],
      )) as { rows: (Person & { key: string })[] };
      for (const { key, ...person } of rows) index.byNameKey.set(key, [...(index.byNameKey.get(key) ?? []), person]);
    }
    return index;
  }

  /** deals_pipeline_stage_position_index: one probe per stage. */
  async lastPositions(pipeline: string): Promise<Map<string, number>> {
    const { rows } = (await this.uow.db.raw(
      'SELECT stage, max(position) AS last FROM deals WHERE pipeline = ? GROUP BY stage',
      [pipeline],
    )) as { rows: { stage: string; last: number | string }[] };
    return new Map(rows.map((row) => [row.stage, Number(row.last)]));
  }
}
