import { describe, expect, it } from 'vitest';
import { CRM_PERMISSIONS, can, rolesAllowed, type CrmAction, type CrmResource } from '../crm-access';
import { ROLES } from '../../users/user';
import { EXPECTED_PERMISSIONS, expectedAllowed, recordOf } from './expected-permissions';

const resources = Object.keys(EXPECTED_PERMISSIONS) as CrmResource[];
const ACTIONS: CrmAction[] = ['read', 'create', 'update', 'delete'];
const ME = 7;
const SOMEONE_ELSE = 8;

describe('the permission table', () => {
  it('covers the same resources as the written-out matrix', () => {
    expect(Object.keys(CRM_PERMISSIONS).sort()).toEqual([...resources].sort());
  });

  for (const resource of resources) {
    for (const action of ACTIONS) {
      it(`${resource} ${action}: can() answers every role as the written-out matrix says`, () => {
        for (const role of ROLES) {
          const viewer = { id: ME, role };
          const label = `${role} ${action} ${resource}`;
          expect(can(viewer, resource, action, recordOf(ME)), `${label}, own`).toBe(
            expectedAllowed(role, resource, action, true),
          );
          expect(can(viewer, resource, action, recordOf(SOMEONE_ELSE)), `${label}, someone else's`).toBe(
            expectedAllowed(role, resource, action, false),
          );
          // Without a record (a create, a list): whoever may act on some record may call the action.
          expect(can(viewer, resource, action), `${label}, no record`).toBe(
            EXPECTED_PERMISSIONS[resource][action][role] !== 'no',
          );
        }
        expect(rolesAllowed(resource, action)).toEqual(
          ROLES.filter((role) => EXPECTED_PERMISSIONS[resource][action][role] !== 'no'),
        );
      });
    }
  }

  it('reads a record as its own through any of owner, assignee or creator', () => {
    const employee = { id: ME, role: 'employee' as const };
    expect(can(employee, 'contact', 'update', { ownerId: SOMEONE_ELSE, createdBy: ME })).toBe(true);
    expect(can(employee, 'activity', 'read', { assignedTo: ME, createdBy: SOMEONE_ELSE })).toBe(true);
    expect(can(employee, 'deal', 'delete', { ownerId: ME, createdBy: null })).toBe(true);
    expect(can(employee, 'deal', 'delete', { ownerId: null, createdBy: null })).toBe(false);
  });
});
