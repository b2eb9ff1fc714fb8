import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, fieldMessageId } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { checkConfirmation, checkNewPassword, checkRequired, collectErrors, hasErrors, type FieldErrors } from '../../../lib/validation';
import { useChangePassword } from '../api/change-password';

type Fields = 'currentPassword' | 'newPassword' | 'confirmPassword';
const EMPTY: Record<Fields, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function PasswordForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Fields>>({});
  const change = useChangePassword({
    onSuccess: ({ endedSessions }) => {
      setValues(EMPTY);
      toast({ title: t('profile.passwordChanged'), description: t('profile.sessionsEnded', { count: endedSessions }) });
    },
    onError: (error) => toast({ variant: 'destructive', title: t('profile.passwordFailed'), description: errorMessage(error, t) }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = collectErrors({
      currentPassword: checkRequired(values.currentPassword, t),
      newPassword: checkNewPassword(values.newPassword, t),
      confirmPassword: checkConfirmation(values.confirmPassword, values.newPassword, t),
    });
    setErrors(found);
    if (!hasErrors(found)) change.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword });
  };

  const field = (name: Fields, autoComplete: string) => (
    <Field id={`password-${name}`} label={t(`profile.${name}`)} error={errors[name]}>
      <PasswordInput
        id={`password-${name}`}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(e) => setValues({ ...values, [name]: e.target.value })}
        aria-invalid={!!errors[name]}
        aria-describedby={errors[name] ? fieldMessageId(`password-${name}`) : undefined}
      />
    </Field>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.password')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {field('currentPassword', 'current-password')}
          {field('newPassword', 'new-password')}
          {field('confirmPassword', 'new-password')}
          <p className="text-xs text-muted-foreground">{t('profile.passwordHint')}</p>
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending && <Spinner />}
              {change.isPending ? t('common.saving') : t('profile.changePassword')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
