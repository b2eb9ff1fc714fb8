import { KeyRound, LogOut } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../../components/ui/brand-mark';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Form, FormField, useSchemaForm } from '../../../components/ui/form';
import { PasswordInput } from '../../../components/ui/password-input';
import { LanguageToggle, ThemeSwitcher } from '../../../components/ui/preference-controls';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { useLogout, type User } from '../../../lib/session';
import { PASSWORD_CHANGE_FIELDS, passwordChangeSchema } from '../../../lib/validation';
import { useChangeTemporaryPassword } from '../api/change-temporary-password';

/**
 * After signing in with a temporary password (an administrator created the account or reset it): the
 * server refuses everything else until it is replaced, so this screen stands in for the whole app.
 */
export function PasswordChangeScreen({ user }: { user: User }) {
  const { t } = useTranslation();
  const schema = useMemo(() => passwordChangeSchema(t, { mustDiffer: t('passwordChange.mustDiffer') }), [t]);
  const form = useSchemaForm(schema, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const change = useChangeTemporaryPassword();
  const logout = useLogout({
    onError: (error) =>
      toast({ variant: 'destructive', title: t('auth.logoutFailed'), description: errorMessage(error, t) }),
  });

  return (
    <div className="flex min-h-full flex-col">
      <header className="flex items-center justify-between gap-2 px-4 py-3 sm:px-6">
        <BrandMark />
        <div className="flex items-center gap-1">
          <LanguageToggle />
          <ThemeSwitcher />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:pt-0">
        <Card className="w-full max-w-md p-6 sm:p-8">
          <div className="flex items-center gap-3">
            <KeyRound className="h-6 w-6 shrink-0 text-primary" aria-hidden="true" />
            <h1 className="text-2xl font-semibold tracking-tight text-foreground">{t('passwordChange.title')}</h1>
          </div>
          <p className="mt-2 text-sm text-muted-foreground">{t('passwordChange.description', { name: user.name })}</p>
          <Form
            form={form}
            id="password-change"
            className="mt-6"
            onSubmit={async (input) => {
              await change.mutateAsync(input);
              toast({ title: t('passwordChange.done') });
            }}
            onError={(error, { onField }) =>
              !onField &&
              toast({ variant: 'destructive', title: t('passwordChange.failed'), description: errorMessage(error, t) })
            }
          >
            {PASSWORD_CHANGE_FIELDS.map(([name, autoComplete]) => (
              <FormField
                key={name}
                control={form.control}
                name={name}
                label={t(`passwordChange.${name}`)}
                render={(field) => <PasswordInput {...field} autoComplete={autoComplete} />}
              />
            ))}
            <p className="text-xs text-muted-foreground">{t('passwordChange.hint')}</p>
            <Button type="submit" disabled={change.isPending} className="w-full">
              {change.isPending && <Spinner />}
              {change.isPending ? t('common.saving') : t('passwordChange.submit')}
            </Button>
            <Button
              type="button"
              variant="ghost"
              className="w-full"
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
            >
              <LogOut className="h-4 w-4" aria-hidden="true" />
              {t('passwordChange.logout')}
            </Button>
          </Form>
        </Card>
      </main>
    </div>
  );
}
