import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  initialsFromName,
  mismatchOnConfirmation,
  normalizeInitials,
  passwordChangeSchema,
  userRules,
} from '../validation';

const t = ((key: string) => key) as unknown as TFunction;
const rules = userRules(t);
const register = z
  .object({
    name: rules.name,
    username: rules.username,
    initials: rules.initials,
    password: rules.newPassword,
    confirmPassword: rules.password,
  })
  .refine((v) => !v.confirmPassword || v.confirmPassword === v.password, mismatchOnConfirmation(t));

const issues = (values: object) => {
  const result = register.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.toReversed().map((issue) => [issue.path.join('.'), issue.message]));
};

describe('user rules', () => {
  it('reports the passwords mismatch on the confirmation even while other fields fail', () => {
    expect(
      issues({
        name: '',
        username: 'ok-name',
        initials: 'AB',
        password: 'password-one',
        confirmPassword: 'password-two',
      }),
    ).toEqual({
      name: 'validation.required',
      confirmPassword: 'validation.passwordsMismatch',
    });
  });

  it('asks for the confirmation before comparing it, and for the shortest new password first', () => {
    expect(issues({ name: 'A', username: 'ok-name', initials: 'AB', password: '', confirmPassword: '' })).toEqual({
      password: 'validation.required',
      confirmPassword: 'validation.required',
    });
    expect(
      issues({ name: 'A', username: 'ok-name', initials: 'AB', password: 'short', confirmPassword: 'short' }),
    ).toEqual({ password: 'validation.minLength' });
  });

  it('trims text before checking and sending it, never passwords', () => {
    expect(
      register.parse({
        name: '  Ana  ',
        username: ' ana ',
        initials: ' A ',
        password: ' spaced pass ',
        confirmPassword: ' spaced pass ',
      }),
    ).toEqual({
      name: 'Ana',
      username: 'ana',
      initials: 'A',
      password: ' spaced pass ',
      confirmPassword: ' spaced pass ',
    });
    expect(
      issues({ name: '   ', username: 'a b', initials: 'A!', password: 'long-enough', confirmPassword: 'long-enough' }),
    ).toEqual({
      name: 'validation.required',
      username: 'validation.username',
      initials: 'validation.initials',
    });
  });

  it('shows initials uppercase and at most three', () => {
    expect(normalizeInitials('abcd')).toBe('ABC');
  });
});

describe('password change', () => {
  const change = passwordChangeSchema(t, { mustDiffer: 'passwordChange.mustDiffer' });
  const changeIssues = (values: object) => {
    const result = change.safeParse(values);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it('sends the current and the new password only, as typed', () => {
    expect(
      change.parse({ currentPassword: ' old pass ', newPassword: 'new password', confirmPassword: 'new password' }),
    ).toEqual({
      currentPassword: ' old pass ',
      newPassword: 'new password',
    });
  });

  it('reports a mismatch on the confirmation and an unchanged password on the new one, even beside other failures', () => {
    expect(
      changeIssues({ currentPassword: '', newPassword: 'new password', confirmPassword: 'other password' }),
    ).toEqual({
      currentPassword: 'validation.required',
      confirmPassword: 'validation.passwordsMismatch',
    });
    expect(
      changeIssues({
        currentPassword: 'same password',
        newPassword: 'same password',
        confirmPassword: 'same password',
      }),
    ).toEqual({
      newPassword: 'passwordChange.mustDiffer',
    });
    expect(
      passwordChangeSchema(t).safeParse({
        currentPassword: 'same password',
        newPassword: 'same password',
        confirmPassword: 'same password',
      }).success,
    ).toBe(true);
  });
});

describe("a new account's initials", () => {
  it('come from the first and last words of the name, as the server derives them', () => {
    expect(initialsFromName('Gonçalo Rodrigues')).toBe('GR');
    expect(initialsFromName('ana maria da silva')).toBe('AS');
    expect(initialsFromName(' Paula ')).toBe('P');
    expect(initialsFromName('— ·')).toBe('');
  });

  it('may be left empty (the server derives them) but not be anything else than 1 to 3 letters or digits', () => {
    expect(rules.optionalInitials.parse('  ')).toBeUndefined();
    expect(rules.optionalInitials.parse(' GR ')).toBe('GR');
    expect(rules.optionalInitials.safeParse('G!').success).toBe(false);
  });
});
