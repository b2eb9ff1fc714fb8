import type { CrmAction, CrmResource, OwnedRecord } from '../crm-access';
import type { Role } from '../../users/user';

/** yes: on every record; own: only on records the user owns, is assigned or created; no: refused. */
export type Allowed = 'yes' | 'own' | 'no';

/**
 * What each role may do, written out by hand from the product's rules, never computed from CRM_PERMISSIONS: the
 * tests check the table and the API against this, so a wrong entry in the table fails them.
 */
export const EXPECTED_PERMISSIONS: Record<CrmResource, Record<CrmAction, Record<Role, Allowed>>> = {
  contact: {
    read: { employee: 'yes', developer: 'yes', admin: 'yes' },
    create: { employee: 'yes', developer: 'yes', admin: 'yes' },
    update: { employee: 'own', developer: 'own', admin: 'yes' },
    delete: { employee: 'own', developer: 'own', admin: 'yes' },
  },
  company: {
    read: { employee: 'yes', developer: 'yes', admin: 'yes' },
    create: { employee: 'yes', developer: 'yes', admin: 'yes' },
    update: { employee: 'own', developer: 'own', admin: 'yes' },
    delete: { employee: 'own', developer: 'own', admin: 'yes' },
  },
  deal: {
    read: { employee: 'yes', developer: 'yes', admin: 'yes' },
    create: { employee: 'yes', developer: 'yes', admin: 'yes' },
    update: { employee: 'own', developer: 'own', admin: 'yes' },
    delete: { employee: 'own', developer: 'own', admin: 'yes' },
  },
  activity: {
    read: { employee: 'own', developer: 'own', admin: 'yes' },
    create: { employee: 'yes', developer: 'yes', admin: 'yes' },
    update: { employee: 'own', developer: 'own', admin: 'yes' },
    delete: { employee: 'own', developer: 'own', admin: 'yes' },
  },
  note: {
    read: { employee: 'yes', developer: 'yes', admin: 'yes' },
    create: { employee: 'yes', developer: 'yes', admin: 'yes' },
    update: { employee: 'own', developer: 'own', admin: 'yes' },
    delete: { employee: 'own', developer: 'own', admin: 'yes' },
  },
  pipelineStage: {
    read: { employee: 'yes', developer: 'yes', admin: 'yes' },
    create: { employee: 'no', developer: 'no', admin: 'yes' },
    update: { employee: 'no', developer: 'no', admin: 'yes' },
    delete: { employee: 'no', developer: 'no', admin: 'yes' },
  },
  customField: {
    read: { employee: 'yes', developer: 'yes', admin: 'yes' },
    create: { employee: 'no', developer: 'no', admin: 'yes' },
    update: { employee: 'no', developer: 'no', admin: 'yes' },
    delete: { employee: 'no', developer: 'no', admin: 'yes' },
  },
  template: {
    read: { employee: 'yes', developer: 'yes', admin: 'yes' },
    create: { employee: 'no', developer: 'no', admin: 'yes' },
    update: { employee: 'no', developer: 'no', admin: 'yes' },
    delete: { employee: 'no', developer: 'no', admin: 'yes' },
  },
  timeline: {
    read: { employee: 'yes', developer: 'yes', admin: 'yes' },
    create: { employee: 'no', developer: 'no', admin: 'yes' },
    update: { employee: 'no', developer: 'no', admin: 'yes' },
    delete: { employee: 'no', developer: 'no', admin: 'yes' },
  },
  apiDocument: {
    read: { employee: 'no', developer: 'yes', admin: 'yes' },
    create: { employee: 'no', developer: 'no', admin: 'yes' },
    update: { employee: 'no', developer: 'no', admin: 'yes' },
    delete: { employee: 'no', developer: 'no', admin: 'yes' },
  },
  goal: {
    read: { employee: 'yes', developer: 'yes', admin: 'yes' },
    create: { employee: 'no', developer: 'no', admin: 'yes' },
    update: { employee: 'no', developer: 'no', admin: 'yes' },
    delete: { employee: 'no', developer: 'no', admin: 'yes' },
  },
};

/** Whether `role` may do `action` on a record that is its own (`mine`) or someone else's, by the matrix above. */
export function expectedAllowed(role: Role, resource: CrmResource, action: CrmAction, mine: boolean): boolean {
  const allowed = EXPECTED_PERMISSIONS[resource][action][role];
  return allowed === 'yes' || (allowed === 'own' && mine);
}

/** A record owned (or assigned to) and created by `userId`, as the 'own' rule reads it. */
export const recordOf = (userId: number): OwnedRecord => ({ ownerId: userId, assignedTo: userId, createdBy: userId });
