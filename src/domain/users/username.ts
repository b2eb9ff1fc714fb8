/**
 * What a new username may hold: ASCII letters, digits and . _ @ - (3 to 64 after trimming). Every stored
 * username has this shape (the `users_username_ascii_check` constraint), so its canonical form is its ASCII
 * lower case, which the unique index on lower(username) already holds once per account.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]+$/;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 64;

/** A username in the one form the system compares: account look-ups, uniqueness and the sign-in throttle. */
export type CanonicalUsername = string & { readonly __canonicalUsername: unique symbol };

/**
 * The canonical form of a username as typed: trimmed, NFKC (full-width and other compatibility forms become
 * their plain letters), lower-cased without a locale, accents and other combining marks dropped (U+0130 `İ`
 * lower-cases to `i` plus a combining dot, which goes) and the dotless `ı` folded to `i`. So `admİn`,
 * `ADMIN` and `ａｄｍｉｎ` all mean `admin`: they find that account and share its attempts. Anything still
 * outside the ASCII alphabet after this (Cyrillic look-alikes...) matches no account, since none can hold it.
 */
export function canonicalUsername(typed: string): CanonicalUsername {
  return typed
    .trim()
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ı/g, 'i')
    .normalize('NFC') as CanonicalUsername;
}
