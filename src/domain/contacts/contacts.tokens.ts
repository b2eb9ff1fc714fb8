export const CONTACT_REPOSITORY = Symbol.for('contacts.ContactRepository');
export const CONTACTS_SERVICE = Symbol.for('contacts.ContactsService');
