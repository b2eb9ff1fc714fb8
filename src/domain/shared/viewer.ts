import type { Role } from '../users/user';

/** The signed-in user a use case acts for. */
export interface Viewer {
  id: number;
  role: Role;
}
