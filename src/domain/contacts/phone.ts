/**
 * A phone as people write it: digits and what they put between them. A letter means it is something else (a name, an
 * e-mail, "não tem") and the contact is refused naming `phone`. The number itself is normalised to E.164 by the
 * database (funil_phone_e164, migration store_contact_phone_e164), beside the phone as typed, which is what is shown.
 */
export const canBePhone = (phone: string): boolean => !/\p{L}/u.test(phone);

/** Why a phone is refused (the API's 400 says it; an import's refused row may too). */
export const NOT_A_PHONE = 'must be a phone number, without letters';

/** Searches with at least this many digits are also looked for among the phones, however they are written. */
export const PHONE_SEARCH_DIGITS = 6;

/**
 * The search as a phone to look for ("+55 61 93729-5260", "(61) 93729-5260", "937295260"), or undefined: only digits
 * and the characters a phone is written with, and at least PHONE_SEARCH_DIGITS digits. A contact's phone then matches
 * when its digits end with the search's, or when it is the number the search normalises to.
 */
export function phoneSearch(search: string): string | undefined {
  if (!/^[\d\s+().\-/]+$/.test(search)) return undefined;
  return (search.match(/\d/g)?.length ?? 0) >= PHONE_SEARCH_DIGITS ? search : undefined;
}
