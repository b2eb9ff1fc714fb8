import type { TFunction } from 'i18next';
import {
  checkConfirmation,
  checkInitials,
  checkName,
  checkNewPassword,
  checkRequired,
  checkUsername,
  collectErrors,
  type FieldErrors,
} from '../../../lib/validation';
import type { LoginInput } from '../api/login';
import type { RegisterInput } from '../api/register';

/** SPEC §5: username and password required, with generic wording under each field. */
export const validateLogin = (values: LoginInput, t: TFunction): FieldErrors<'username' | 'password'> =>
  collectErrors({ username: checkRequired(values.username, t), password: values.password ? undefined : t('validation.required') });

export type RegisterValues = RegisterInput & { confirmPassword: string };

export const validateRegister = (values: RegisterValues, t: TFunction): FieldErrors<keyof RegisterValues> =>
  collectErrors({
    name: checkName(values.name, t),
    username: checkUsername(values.username, t),
    initials: checkInitials(values.initials, t),
    role: undefined,
    password: checkNewPassword(values.password, t),
    confirmPassword: checkConfirmation(values.confirmPassword, values.password, t),
  });
