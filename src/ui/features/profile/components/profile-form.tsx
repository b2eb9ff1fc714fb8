import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, fieldMessageId } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import type { User } from '../../../lib/session';
import { checkInitials, checkName, collectErrors, hasErrors, INITIALS_MAX_LENGTH, normalizeInitials, type FieldErrors } from '../../../lib/validation';
import { useUpdateProfile } from '../api/update-profile';

export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ name: user.name, initials: user.initials });
  const [errors, setErrors] = useState<FieldErrors<'name' | 'initials'>>({});
  const update = useUpdateProfile({
    onSuccess: () => toast({ title: t('profile.saved') }),
    onError: (error) => toast({ variant: 'destructive', title: t('profile.saveFailed'), description: errorMessage(error, t) }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = collectErrors({ name: checkName(values.name, t), initials: checkInitials(values.initials, t) });
    setErrors(found);
    if (!hasErrors(found)) update.mutate({ name: values.name.trim(), initials: values.initials.trim() });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.details')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <Field id="profile-username" label={t('auth.username')}>
            <Input id="profile-username" value={user.username} readOnly disabled />
          </Field>
          <Field id="profile-name" label={t('auth.fullName')} error={errors.name}>
            <Input
              id="profile-name"
              autoComplete="name"
              value={values.name}
              onChange={(e) => setValues({ ...values, name: e.target.value })}
              aria-invalid={!!errors.name}
              aria-describedby={errors.name ? fieldMessageId('profile-name') : undefined}
            />
          </Field>
          <Field id="profile-initials" label={t('auth.initials')} error={errors.initials}>
            <Input
              id="profile-initials"
              className="uppercase"
              maxLength={INITIALS_MAX_LENGTH}
              value={values.initials}
              onChange={(e) => setValues({ ...values, initials: normalizeInitials(e.target.value) })}
              aria-invalid={!!errors.initials}
              aria-describedby={errors.initials ? fieldMessageId('profile-initials') : undefined}
            />
          </Field>
          <div>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending && <Spinner />}
              {update.isPending ? t('common.saving') : t('common.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
