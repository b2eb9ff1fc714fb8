// How a card reaches a contact: mail, phone and WhatsApp links (shared in lib/phone-links), and the owner's initials.

export { telLink, whatsappLink, whatsappNumber } from '../../lib/phone-links';
export { initialsOf } from '../../lib/format';
