import { canChangeRecord } from '../../lib/access';

/** The server's rule for changing or deleting a contact (crm-access.ts): an admin, its owner or its creator. */
export const canChange = canChangeRecord;
