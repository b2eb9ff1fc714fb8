import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { conflictingFields, conflictingRecord, fieldErrorsFromServer, keepMine, takeTheirs } from '../form-errors';

// Stands in for i18next: known keys come back marked, unknown ones fall back to the default value.
const KNOWN = new Set(['validation.required', 'errors.AUTH.WRONG_PASSWORD']);
const t = ((key: string, options?: { defaultValue?: string }) =>
  KNOWN.has(key) ? `«${key}»` : (options?.defaultValue ?? key)) as unknown as TFunction;

const apiError = (status: number, error: object) => new ApiError(status, 'status text', JSON.stringify({ error }));
const validation = (details: object[]) =>
  apiError(400, { code: 'REQUEST.VALIDATION_FAILED', message: 'Invalid request', details });

describe('fieldErrorsFromServer', () => {
  const shown = new Set(['name', 'email', 'tags']);

  it('puts each body path on the field the form shows, the first message per field', () => {
    const error = validation([
      { path: 'email', message: 'email must be a valid email', type: 'string.email' },
      { path: 'name', message: 'name length must be at most 120', type: 'string.max' },
      { path: 'email', message: 'second complaint', type: 'string.max' },
    ]);
    expect(fieldErrorsFromServer(error, shown, t)).toEqual({
      fields: [
        ['email', 'email must be a valid email'],
        ['name', 'name length must be at most 120'],
      ],
      form: [],
    });
  });

  it('puts an array item on its own field when shown, else on the array field', () => {
    const error = validation([{ path: 'tags.0', message: 'tags[0] is too long', type: 'string.max' }]);
    expect(fieldErrorsFromServer(error, shown, t)?.fields).toEqual([['tags', 'tags[0] is too long']]);
    expect(fieldErrorsFromServer(error, new Set(['tags.0']), t)?.fields).toEqual([['tags.0', 'tags[0] is too long']]);
  });

  it('sends query and path parameters and fields the form does not show to the form-level message', () => {
    const error = validation([
      { path: 'query.cursor', message: 'cursor must be a string', type: 'string.base' },
      { path: 'params.id', message: 'id must be a number', type: 'number.base' },
      { path: 'ownerId', message: 'ownerId must be a number', type: 'number.base' },
      { path: 'name', message: 'name is not allowed to be empty', type: 'string.empty' },
    ]);
    // A field named like the prefix does not catch parameters.
    expect(fieldErrorsFromServer(error, new Set([...shown, 'query', 'params']), t)).toEqual({
      fields: [['name', '«validation.required»']],
      form: ['cursor must be a string', 'id must be a number', 'ownerId must be a number'],
    });
  });

  it('words joi\'s "not an email" itself', () => {
    const translated = ((key: string, options?: { defaultValue?: string }) =>
      key === 'validation.email' ? '«validation.email»' : options?.defaultValue) as unknown as TFunction;
    const error = validation([{ path: 'email', message: '"email" must be a valid email', type: 'string.email' }]);
    expect(fieldErrorsFromServer(error, shown, translated)?.fields).toEqual([['email', '«validation.email»']]);
  });

  it('words a domain error naming its field by its translated code', () => {
    const error = apiError(400, {
      code: 'AUTH.WRONG_PASSWORD',
      message: 'The current password is not correct',
      details: [{ path: 'currentPassword', message: 'The current password is not correct' }],
    });
    expect(fieldErrorsFromServer(error, new Set(['currentPassword']), t)?.fields).toEqual([
      ['currentPassword', '«errors.AUTH.WRONG_PASSWORD»'],
    ]);
    // A code the client has no text for keeps the server's words.
    const taken = apiError(409, {
      code: 'USER.USERNAME_TAKEN',
      message: 'taken',
      details: [{ path: 'username', message: 'This username is already taken' }],
    });
    expect(fieldErrorsFromServer(taken, new Set(['username']), t)?.fields).toEqual([
      ['username', 'This username is already taken'],
    ]);
  });

  it('leaves errors that name no field to the caller', () => {
    expect(
      fieldErrorsFromServer(apiError(401, { code: 'AUTH.INVALID_CREDENTIALS', message: 'Invalid' }), shown, t),
    ).toBeNull();
    expect(fieldErrorsFromServer(validation([]), shown, t)).toBeNull();
    expect(
      fieldErrorsFromServer(
        apiError(409, { code: 'RESOURCE.CONFLICT', message: 'changed', details: { current: { id: 1 } } }),
        shown,
        t,
      ),
    ).toBeNull();
    expect(fieldErrorsFromServer(new ApiError(502, 'Bad Gateway', '<html>proxy</html>'), shown, t)).toBeNull();
    expect(fieldErrorsFromServer(new TypeError('Failed to fetch'), shown, t)).toBeNull();
  });
});

describe('the conflict flow', () => {
  const current = {
    id: 7,
    name: 'Their name',
    email: null,
    tags: ['vip', 'new'],
    phone: '555',
    updatedAt: '2025-01-02T10:00:00.000Z',
  };
  const conflict = apiError(409, {
    code: 'RESOURCE.CONFLICT',
    message: 'This record was changed by someone else',
    details: { current },
  });
  const mine = { name: 'My name', email: '', tags: ['vip'], phone: '555', updatedAt: '2025-01-01T09:00:00.000Z' };

  it('recognises a 409 RESOURCE.CONFLICT and gives the record as it is now', () => {
    expect(conflictingRecord(conflict)).toEqual(current);
    expect(
      conflictingRecord(
        apiError(409, { code: 'USER.USERNAME_TAKEN', message: 'taken', details: [{ path: 'username', message: 'x' }] }),
      ),
    ).toBeNull();
    expect(conflictingRecord(apiError(409, { code: 'RESOURCE.CONFLICT', message: 'changed' }))).toBeNull();
    expect(conflictingRecord(new Error('no'))).toBeNull();
  });

  it('lists the shown fields that differ, in the order the form shows them; empty text and null are the same', () => {
    expect(conflictingFields(mine, current, ['tags', 'name', 'email', 'phone'])).toEqual([
      { name: 'tags', mine: ['vip'], theirs: ['vip', 'new'] },
      { name: 'name', mine: 'My name', theirs: 'Their name' },
    ]);
    expect(conflictingFields(mine, current, ['phone'])).toEqual([]);
  });

  it('reload takes their values into the form, version included, and keeps what the record does not have', () => {
    expect(takeTheirs({ ...mine, draftNote: 'kept' }, current)).toEqual({
      name: 'Their name',
      email: '',
      tags: ['vip', 'new'],
      phone: '555',
      updatedAt: '2025-01-02T10:00:00.000Z',
      draftNote: 'kept',
    });
  });

  it('overwrite resends my values with the version read now; a form without a version resends them as they were', () => {
    expect(keepMine(mine, current)).toEqual({ ...mine, updatedAt: '2025-01-02T10:00:00.000Z' });
    const unversioned = { name: 'My name' };
    expect(keepMine(unversioned, current)).toBe(unversioned);
  });
});
