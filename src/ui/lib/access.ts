import type { Role } from './session';

const ALL: readonly Role[] = ['admin', 'developer', 'employee'];

/** SPEC §2 route table: who may open each screen. Paths not listed here are open to every signed-in role. */
export const ROUTE_ACCESS = {
  '/': ALL,
  '/crm/contacts': ALL,
  '/crm/contacts/:id': ALL,
  '/crm/contacts/import': ALL,
  '/crm/contacts/import/:id': ALL,
  '/crm/companies': ALL,
  '/crm/companies/import': ALL,
  '/crm/duplicates': ALL,
  '/crm/companies/:id': ALL,
  '/crm/pipeline': ALL,
  '/crm/activities': ALL,
  '/crm/reports': ['admin', 'developer'],
  '/crm/reports/new': ['admin', 'developer'],
  '/crm/reports/saved/:id': ['admin', 'developer'],
  '/crm/templates': ['admin', 'developer'],
  '/settings': ['admin'],
  '/api-docs': ['developer'],
  '/profile': ALL,
} as const satisfies Record<string, readonly Role[]>;

export type AppPath = keyof typeof ROUTE_ACCESS;

export const canOpen = (role: Role, path: AppPath): boolean => (ROUTE_ACCESS[path] as readonly Role[]).includes(role);

/**
 * The server's rule for changing or deleting a contact or a company (crm-access.ts): an admin, its owner or its
 * creator. Everyone signed in reads them.
 */
export const canChangeRecord = (
  me: { id: number; role: Role },
  record: { ownerId: number | null; createdBy: number | null },
): boolean => me.role === 'admin' || record.ownerId === me.id || record.createdBy === me.id;
