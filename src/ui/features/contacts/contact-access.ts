import type { User } from '../../lib/session';
import type { Contact } from './api/get-contacts';

/** The server's rule for changing or deleting a contact (crm-access.ts): an admin, its owner or its creator. */
export const canChange = (me: Pick<User, 'id' | 'role'>, contact: Pick<Contact, 'ownerId' | 'createdBy'>): boolean =>
  me.role === 'admin' || contact.ownerId === me.id || contact.createdBy === me.id;
