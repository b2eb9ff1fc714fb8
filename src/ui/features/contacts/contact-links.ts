// How a card reaches a contact: mail, phone and WhatsApp links, and the owner's initials.

/** Digits of a phone for wa.me: 55 (Brazil) is assumed when no country code was written. */
export function whatsappNumber(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 8) return null;
  if (phone.trim().startsWith('+') || phone.trim().startsWith('00')) return digits.replace(/^00/, '');
  // A Brazilian number as people write it: area code and number (10 or 11 digits), maybe a leading 0.
  const national = digits.replace(/^0/, '');
  if (national.length === 10 || national.length === 11) return `55${national}`;
  return digits;
}

export const whatsappLink = (phone: string): string | null => {
  const number = whatsappNumber(phone);
  return number ? `https://wa.me/${number}` : null;
};

/** tel: keeps a leading + and the digits. */
export const telLink = (phone: string): string => `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;

/** First and last names' initials, uppercase: "Ana Maria Souza" is AS. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0][0];
  const last = words.length > 1 ? words[words.length - 1][0] : '';
  return `${first}${last}`.toUpperCase();
}
