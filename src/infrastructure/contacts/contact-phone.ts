import { phoneSearch } from '../../domain/contacts/phone';

/** What contacts_phone_suffix_index holds for a contact: its number's digits reversed (migration store_contact_phone_e164). */
const KEY = (table: string) => `funil_phone_suffix_key(${table}.phone_e164, ${table}.phone)`;

/** The two keys a phone search looks for, in SQL, from `typed` (the search, as the statement names it: a placeholder). */
export const phoneSearchKeys = (typed: string) => ({
  /** The search's digits as typed: a phone whose digits end with them ("937295260", "61937295260"). */
  digits: `funil_phone_suffix_key(NULL, ${typed})`,
  /** The number the search normalises to: "(61) 9372-5260" finds +5561993725260, "061 ..." drops its trunk 0. */
  number: `funil_phone_suffix_key(funil_phone_e164(${typed}), ${typed})`,
});

/**
 * SQL true when the contact's key starts with one of the two keys: two ranges of contacts_phone_suffix_index
 * (byte order: ':' follows '9'), written as ranges rather than LIKE so that a prepared statement's generic plan uses
 * the index too.
 */
export function phoneMatchSql(keys: { digits: string; number: string }, table = 'contacts'): string {
  // (Operators of their own all bind alike: the upper bound in brackets.)
  const range = (key: string) => `(${KEY(table)} ~>=~ ${key} AND ${KEY(table)} ~<~ (${key} || ':'))`;
  return `(${range(keys.digits)} OR ${range(keys.number)})`;
}

/** The condition for a query builder's whereRaw (its six bindings the search), or undefined when the search is no phone. */
export function phoneCondition(search: string, table = 'contacts'): [sql: string, bindings: string[]] | undefined {
  const phone = phoneSearch(search);
  if (!phone) return undefined;
  return [phoneMatchSql(phoneSearchKeys('?::text'), table), Array<string>(6).fill(phone)];
}
