import { LogIn } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Field, fieldMessageId } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { useLogin, type LoginInput } from '../api/login';
import { DemoCredentialsBlock } from './demo-credentials';
import { ForgotPassword } from './forgot-password';
import { hasErrors, type FieldErrors } from '../../../lib/validation';
import { validateLogin } from './validation';

export function LoginForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState<LoginInput>({ username: '', password: '', remember: false });
  const [errors, setErrors] = useState<FieldErrors<'username' | 'password'>>({});
  const login = useLogin({
    onError: (error) => toast({ variant: 'destructive', title: t('auth.loginFailed'), description: errorMessage(error, t) }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(values, t);
    setErrors(found);
    if (!hasErrors(found)) login.mutate({ ...values, username: values.username.trim() });
  };

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Field id="login-username" label={t('auth.username')} error={errors.username}>
          <Input
            id="login-username"
            name="username"
            autoComplete="username"
            value={values.username}
            onChange={(e) => setValues({ ...values, username: e.target.value })}
            aria-invalid={!!errors.username}
            aria-describedby={errors.username ? fieldMessageId('login-username') : undefined}
          />
        </Field>
        <Field id="login-password" label={t('auth.password')} error={errors.password}>
          <PasswordInput
            id="login-password"
            name="password"
            autoComplete="current-password"
            value={values.password}
            onChange={(e) => setValues({ ...values, password: e.target.value })}
            aria-invalid={!!errors.password}
            aria-describedby={errors.password ? fieldMessageId('login-password') : undefined}
          />
        </Field>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <Checkbox id="login-remember" checked={values.remember} onCheckedChange={(checked) => setValues({ ...values, remember: checked === true })} />
            <label htmlFor="login-remember" className="text-sm text-foreground">
              {t('auth.rememberMe')}
            </label>
          </div>
          <ForgotPassword />
        </div>
        <Button type="submit" disabled={login.isPending} className="w-full">
          {login.isPending ? <Spinner /> : <LogIn className="h-4 w-4" aria-hidden="true" />}
          {login.isPending ? t('auth.signingIn') : t('auth.signIn')}
        </Button>
      </form>
      <DemoCredentialsBlock
        onPick={({ username, password }) => {
          setValues({ ...values, username, password });
          setErrors({});
        }}
      />
    </>
  );
}
