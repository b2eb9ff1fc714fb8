// How a card reaches a contact: mail, phone and WhatsApp links (shared in lib/phone-links), and the owner's initials.

export { telLink, whatsappLink, whatsappNumber } from '../../lib/phone-links';

/** First and last names' initials, uppercase: "Ana Maria Souza" is AS. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0][0];
  const last = words.length > 1 ? words[words.length - 1][0] : '';
  return `${first}${last}`.toUpperCase();
}
