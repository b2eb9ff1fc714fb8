import { whatsappLink } from '../../lib/phone-links';

// The message comes from the server as plain text (POST /api/crm/templates/:id/use): values as typed.

/** mailto: with the subject and body filled in (RFC 6068: percent-encoded, line breaks as CRLF). */
export const mailtoLink = (email: string, subject: string, body: string): string =>
  `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body.replace(/\r?\n/g, '\r\n'))}`;

/** WhatsApp with the message typed in (a chat has no subject), or null when the phone has too few digits. */
export const whatsappMessageLink = (phone: string, body: string): string | null => whatsappLink(phone, body);
