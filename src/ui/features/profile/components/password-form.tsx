import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Form, FormField, useSchemaForm } from '../../../components/ui/form';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { PASSWORD_CHANGE_FIELDS, passwordChangeSchema } from '../../../lib/validation';
import { useChangePassword } from '../api/change-password';

export function PasswordForm() {
  const { t } = useTranslation();
  const schema = useMemo(() => passwordChangeSchema(t), [t]);
  const form = useSchemaForm(schema, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const change = useChangePassword();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.password')}</CardTitle>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          id="password"
          onSubmit={async (input) => {
            const { endedSessions } = await change.mutateAsync(input);
            form.reset();
            toast({
              title: t('profile.passwordChanged'),
              description: t('profile.sessionsEnded', { count: endedSessions }),
            });
          }}
          onError={(error, { onField }) =>
            !onField &&
            toast({ variant: 'destructive', title: t('profile.passwordFailed'), description: errorMessage(error, t) })
          }
        >
          {PASSWORD_CHANGE_FIELDS.map(([name, autoComplete]) => (
            <FormField
              key={name}
              control={form.control}
              name={name}
              label={t(`profile.${name}`)}
              render={(field) => <PasswordInput {...field} autoComplete={autoComplete} />}
            />
          ))}
          <p className="text-xs text-muted-foreground">{t('profile.passwordHint')}</p>
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending && <Spinner />}
              {change.isPending ? t('common.saving') : t('profile.changePassword')}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
