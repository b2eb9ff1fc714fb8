import type { User } from '../../lib/session';
import type { Activity } from './api/get-activities';

/** The server's rule for changing an activity (crm-access.ts): an admin, its assignee or its creator. */
export const canChangeActivity = (me: Pick<User, 'id' | 'role'>, activity: Activity): boolean =>
  me.role === 'admin' || activity.assignedTo === me.id || activity.createdBy === me.id;
