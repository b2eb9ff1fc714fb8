import { UserPlus } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { Button } from '../../../components/ui/button';
import { Form, FormField, useSchemaForm } from '../../../components/ui/form';
import { InitialsField } from '../../../components/ui/initials-field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { ROLES, type Role } from '../../../lib/session';
import { mismatchOnConfirmation, userRules } from '../../../lib/validation';
import { useRegister } from '../api/register';

export function RegisterForm() {
  const { t } = useTranslation();
  const schema = useMemo(() => {
    const rules = userRules(t);
    const fields = z.object({
      name: rules.name,
      username: rules.username,
      initials: rules.optionalInitials,
      role: z.enum(ROLES as [Role, ...Role[]]),
      password: rules.newPassword,
      confirmPassword: rules.password,
    });
    type Fields = z.output<typeof fields>;
    return z.pipe(
      fields.check(
        z.refine<Fields>(
          (values) => !values.confirmPassword || values.confirmPassword === values.password,
          mismatchOnConfirmation(t),
        ),
      ),
      z.transform(({ confirmPassword: _confirm, ...input }: Fields) => input), // the server gets the five fields only
    );
  }, [t]);
  const form = useSchemaForm(schema, {
    name: '',
    username: '',
    initials: '',
    role: 'employee',
    password: '',
    confirmPassword: '',
  });
  const register = useRegister();

  return (
    <Form
      form={form}
      id="register"
      onSubmit={register.mutateAsync}
      // SPEC 8: every registration failure is also a toast, even when a field shows it.
      onError={(error) =>
        toast({ variant: 'destructive', title: t('auth.registrationFailed'), description: errorMessage(error, t) })
      }
    >
      <FormField
        control={form.control}
        name="name"
        label={t('auth.fullName')}
        render={(field) => <Input {...field} autoComplete="name" />}
      />
      <FormField
        control={form.control}
        name="username"
        label={t('auth.username')}
        render={(field) => <Input {...field} autoComplete="username" />}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InitialsField form={form} />
        <FormField
          control={form.control}
          name="role"
          label={t('auth.role')}
          render={({ id, value, onChange }) => (
            <Select<Role>
              id={id}
              value={value}
              onValueChange={onChange}
              options={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            />
          )}
        />
      </div>
      <FormField
        control={form.control}
        name="password"
        label={t('auth.password')}
        render={(field) => <PasswordInput {...field} autoComplete="new-password" />}
      />
      <FormField
        control={form.control}
        name="confirmPassword"
        label={t('auth.confirmPassword')}
        render={(field) => <PasswordInput {...field} autoComplete="new-password" />}
      />
      <Button type="submit" disabled={register.isPending} className="w-full">
        {register.isPending ? <Spinner /> : <UserPlus className="h-4 w-4" aria-hidden="true" />}
        {register.isPending ? t('auth.creatingAccount') : t('auth.createAccount')}
      </Button>
    </Form>
  );
}
