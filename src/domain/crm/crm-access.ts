import type { Viewer } from '../shared/viewer';
import type { Role } from '../users/user';

export type CrmResource =
  | 'contact'
  | 'company'
  | 'deal'
  | 'activity'
  | 'note'
  | 'pipelineStage'
  | 'customField'
  | 'template'
  | 'timeline'
  | 'apiDocument'
  | 'goal';
export type CrmAction = 'read' | 'create' | 'update' | 'delete';
/** any: every record; own: see `ownsRecord`; none: refused. */
export type Rule = 'any' | 'own' | 'none';

const everyone = { employee: 'any', developer: 'any', admin: 'any' } as const;
const ownersAndAdmin = { employee: 'own', developer: 'own', admin: 'any' } as const;
const adminOnly = { employee: 'none', developer: 'none', admin: 'any' } as const;
const staff = { employee: 'none', developer: 'any', admin: 'any' } as const;

/**
 * THE permission table of the CRM API; routers derive their role checks from it, services apply the
 * 'own' rule record by record, and the tests iterate over it.
 *
 * - Everyone signed in reads contacts, companies and deals; only owners, creators and admins change or delete them.
 * - Activities are private to their assignee and creator (and admins), for reading as well.
 * - Developers are "everyone else" for records: they get the employee rules. SPEC 6 gives them (and
 *   admins) the templates screen and the API document; everyone reads and uses templates (from a
 *   contact's page); templates, pipeline stages and custom fields are written by admins.
 * - Timeline entries are read by everyone, except an activity's entries, which follow the activity.
 * - Monthly goals: everyone reads (their own; the service narrows a non-admin to themselves), admins set them.
 */
export const CRM_PERMISSIONS: Record<CrmResource, Record<CrmAction, Record<Role, Rule>>> = {
  contact: { read: everyone, create: everyone, update: ownersAndAdmin, delete: ownersAndAdmin },
  company: { read: everyone, create: everyone, update: ownersAndAdmin, delete: ownersAndAdmin },
  deal: { read: everyone, create: everyone, update: ownersAndAdmin, delete: ownersAndAdmin },
  activity: { read: ownersAndAdmin, create: everyone, update: ownersAndAdmin, delete: ownersAndAdmin },
  note: { read: everyone, create: everyone, update: ownersAndAdmin, delete: ownersAndAdmin },
  pipelineStage: { read: everyone, create: adminOnly, update: adminOnly, delete: adminOnly },
  customField: { read: everyone, create: adminOnly, update: adminOnly, delete: adminOnly },
  template: { read: everyone, create: adminOnly, update: adminOnly, delete: adminOnly },
  timeline: { read: everyone, create: adminOnly, update: adminOnly, delete: adminOnly },
  apiDocument: { read: staff, create: adminOnly, update: adminOnly, delete: adminOnly },
  goal: { read: everyone, create: adminOnly, update: adminOnly, delete: adminOnly },
};

/** The people a record belongs to: owner or assignee, and creator. */
export interface OwnedRecord {
  ownerId?: number | null;
  assignedTo?: number | null;
  createdBy: number | null;
}

export function ruleFor(viewer: Viewer, resource: CrmResource, action: CrmAction): Rule {
  return CRM_PERMISSIONS[resource][action][viewer.role];
}

export function ownsRecord(viewer: Viewer, record: OwnedRecord): boolean {
  return record.ownerId === viewer.id || record.assignedTo === viewer.id || record.createdBy === viewer.id;
}

export function can(viewer: Viewer, resource: CrmResource, action: CrmAction, record?: OwnedRecord): boolean {
  const rule = ruleFor(viewer, resource, action);
  if (rule === 'any') return true;
  if (rule === 'none') return false;
  return record === undefined || ownsRecord(viewer, record);
}

/** The roles that may call an action at all (the 'own' rule is checked per record afterwards). */
export function rolesAllowed(resource: CrmResource, action: CrmAction): Role[] {
  return (Object.entries(CRM_PERMISSIONS[resource][action]) as [Role, Rule][])
    .filter(([, rule]) => rule !== 'none')
    .map(([role]) => role);
}

/** An action as a refusal's message says it: "change" for update (the word a person uses). */
export const verbOf = (action: CrmAction): string => (action === 'update' ? 'change' : action);
