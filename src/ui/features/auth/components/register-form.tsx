import { UserPlus } from 'lucide-react';
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field, fieldMessageId } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { ROLES, type Role } from '../../../lib/session';
import { useRegister } from '../api/register';
import { hasErrors, INITIALS_MAX_LENGTH, normalizeInitials, type FieldErrors } from '../../../lib/validation';
import { validateRegister, type RegisterValues } from './validation';

type FieldName = keyof RegisterValues;

const EMPTY: RegisterValues = { name: '', username: '', initials: '', role: 'employee', password: '', confirmPassword: '' };

export function RegisterForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<FieldName>>({});
  const register = useRegister({
    onError: (error) => toast({ variant: 'destructive', title: t('auth.registrationFailed'), description: errorMessage(error, t) }),
  });

  const set = (name: FieldName, value: string) => setValues((current) => ({ ...current, [name]: value }));
  /** Props shared by the text fields: id, value, change handler and the error wiring. */
  const control = (name: FieldName): InputHTMLAttributes<HTMLInputElement> & { id: string } => ({
    id: `register-${name}`,
    name,
    value: values[name],
    onChange: (e) => set(name, e.target.value),
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] || name === 'initials' ? fieldMessageId(`register-${name}`) : undefined,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegister(values, t);
    setErrors(found);
    if (hasErrors(found)) return;
    const { confirmPassword: _confirm, ...input } = values;
    register.mutate({ ...input, name: input.name.trim(), username: input.username.trim(), initials: input.initials.trim() });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field id="register-name" label={t('auth.fullName')} error={errors.name}>
        <Input {...control('name')} autoComplete="name" />
      </Field>
      <Field id="register-username" label={t('auth.username')} error={errors.username}>
        <Input {...control('username')} autoComplete="username" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="register-initials" label={t('auth.initials')} error={errors.initials} hint={t('auth.initialsHint')}>
          <Input
            {...control('initials')}
            maxLength={INITIALS_MAX_LENGTH}
            placeholder="JD"
            autoComplete="off"
            className="uppercase"
            onChange={(e) => set('initials', normalizeInitials(e.target.value))}
          />
        </Field>
        <Field id="register-role" label={t('auth.role')}>
          <Select<Role>
            id="register-role"
            value={values.role}
            onValueChange={(role) => set('role', role)}
            options={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          />
        </Field>
      </div>
      <Field id="register-password" label={t('auth.password')} error={errors.password}>
        <PasswordInput {...control('password')} autoComplete="new-password" />
      </Field>
      <Field id="register-confirmPassword" label={t('auth.confirmPassword')} error={errors.confirmPassword}>
        <PasswordInput {...control('confirmPassword')} autoComplete="new-password" />
      </Field>
      <Button type="submit" disabled={register.isPending} className="w-full">
        {register.isPending ? <Spinner /> : <UserPlus className="h-4 w-4" aria-hidden="true" />}
        {register.isPending ? t('auth.creatingAccount') : t('auth.createAccount')}
      </Button>
    </form>
  );
}
