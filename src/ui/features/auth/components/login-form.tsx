import { LogIn } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { Button } from '../../../components/ui/button';
import { CheckboxField, Form, FormField, useSchemaForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { userRules } from '../../../lib/validation';
import { useLogin } from '../api/login';
import { DemoCredentialsBlock } from './demo-credentials';
import { ForgotPassword } from './forgot-password';

export function LoginForm() {
  const { t } = useTranslation();
  // SPEC §5: username and password required, with generic wording under each field.
  const schema = useMemo(() => {
    const rules = userRules(t);
    return z.object({ username: rules.required, password: rules.password, remember: z.boolean() });
  }, [t]);
  const form = useSchemaForm(schema, { username: '', password: '', remember: false });
  const login = useLogin();

  return (
    <>
      <Form
        form={form}
        id="login"
        onSubmit={login.mutateAsync}
        onError={(error) =>
          toast({ variant: 'destructive', title: t('auth.loginFailed'), description: errorMessage(error, t) })
        }
      >
        <FormField
          control={form.control}
          name="username"
          label={t('auth.username')}
          render={(field) => <Input {...field} autoComplete="username" />}
        />
        <FormField
          control={form.control}
          name="password"
          label={t('auth.password')}
          render={(field) => <PasswordInput {...field} autoComplete="current-password" />}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CheckboxField control={form.control} name="remember" id="login-remember" label={t('auth.rememberMe')} />
          <ForgotPassword />
        </div>
        <Button type="submit" disabled={login.isPending} className="w-full">
          {login.isPending ? <Spinner /> : <LogIn className="h-4 w-4" aria-hidden="true" />}
          {login.isPending ? t('auth.signingIn') : t('auth.signIn')}
        </Button>
      </Form>
      <DemoCredentialsBlock
        onPick={({ username, password }) => form.reset({ ...form.getValues(), username, password })}
      />
    </>
  );
}
