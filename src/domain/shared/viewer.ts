import type { Role } from '../users/user';

/** The signed-in user a use case acts for. */
export interface Viewer {
  id: number;
  role: Role;
  /** The name of the API key the request came with; none: the person, signed in. */
  apiKey?: string;
  /** The web form whose submission this is (its name); the viewer is then the lead's owner. */
  form?: string;
}
