import { ruleFor } from '../crm/crm-access';
import type { Viewer } from '../shared/viewer';
import { AppError, ValidationError } from '../shared/app-error';
import { foldText } from '../shared/labels';
import type { ImportMapping, ImportOwners, ImportUser } from './contact-import';
import { refusal } from './import-reasons';

/** A row's owner: the user's id, or why the row is refused. */
export type OwnerOf = (rowNumber: number, cell: string | undefined) => { ownerId: number } | { reason: string };

/** Whoever may change any contact (admins) gives imported contacts to anyone; everyone else imports for themself. */
const assignsAnyone = (viewer: Viewer) => ruleFor(viewer, 'contact', 'update') === 'any';

/**
 * Checks who the import gives its contacts to, before anything is read or written: one way at a time, active users
 * only (400 naming the field), and an employee only themself (403 naming the field).
 */
export function checkOwners(viewer: Viewer, owners: ImportOwners, mapping: ImportMapping, users: ImportUser[]): void {
  const column = Object.values(mapping).includes('owner');
  const chosen = (['ownerId', 'ownerIds'] as const).filter((field) => owners[field] !== undefined);
  if (chosen.length === 2 || (column && chosen.length)) {
    const message = column
      ? 'The owner comes from the column mapped to owner: give no ownerId or ownerIds'
      : 'Give ownerId or ownerIds, not both';
    throw new ValidationError([{ path: chosen[chosen.length - 1], message, type: 'import.owners' }]);
  }
  const active = new Set(users.map((user) => user.id));
  for (const field of chosen) {
    const ids = field === 'ownerId' ? [owners.ownerId!] : owners.ownerIds!;
    const missing = ids.find((id) => !active.has(id));
    if (missing !== undefined)
      throw new ValidationError([{ path: field, message: `No active user has id ${missing}`, type: 'import.owner' }]);
    if (!assignsAnyone(viewer) && ids.some((id) => id !== viewer.id)) {
      throw new AppError('AUTH.FORBIDDEN', 'You may import contacts for yourself only', [
        { path: field, message: 'You may import contacts for yourself only', type: 'import.owner' },
      ]);
    }
  }
}

/**
 * Each row's owner: the column's person (by username, else by name; case and accents aside), else the one owner, else
 * the next of `ownerIds` by row number (so a run that resumes midway deals the same), else the importer.
 */
export function ownerOf(viewer: Viewer, owners: ImportOwners, users: ImportUser[]): OwnerOf {
  const byUsername = new Map(users.map((user) => [foldText(user.username), user.id]));
  const byName = new Map<string, number[]>();
  for (const user of users) byName.set(foldText(user.name), [...(byName.get(foldText(user.name)) ?? []), user.id]);
  const { ownerId, ownerIds } = owners;
  return (rowNumber, cell) => {
    if (cell === undefined)
      return { ownerId: ownerId ?? (ownerIds ? ownerIds[(rowNumber - 1) % ownerIds.length] : viewer.id) };
    const key = foldText(cell);
    const named = byName.get(key) ?? [];
    const found = byUsername.get(key) ?? (named.length === 1 ? named[0] : undefined);
    if (found === undefined)
      return { reason: refusal('owner', named.length ? 'ambiguousOwner' : 'unknownOwner', cell) };
    if (found !== viewer.id && !assignsAnyone(viewer)) return { reason: refusal('owner', 'notYourself') };
    return { ownerId: found };
  };
}
