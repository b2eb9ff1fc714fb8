// Links that reach a person by phone: tel:, and WhatsApp's wa.me with the number's digits.

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

/** wa.me for the number, with a message typed in when one is given. */
export const whatsappLink = (phone: string, text?: string): string | null => {
  const number = whatsappNumber(phone);
  if (!number) return null;
  return `https://wa.me/${number}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
};

/** tel: keeps a leading + and the digits. */
export const telLink = (phone: string): string =>
  `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;
