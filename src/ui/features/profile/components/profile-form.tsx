import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Form, FormField, useSchemaForm } from '../../../components/ui/form';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import type { User } from '../../../lib/session';
import { INITIALS_MAX_LENGTH, normalizeInitials, userRules } from '../../../lib/validation';
import { useUpdateProfile } from '../api/update-profile';

export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const schema = useMemo(() => {
    const rules = userRules(t);
    // updatedAt: the version this page read; a save over someone else's comes back as a conflict.
    return z.object({ name: rules.name, initials: rules.initials, updatedAt: z.string() });
  }, [t]);
  const form = useSchemaForm(schema, { name: user.name, initials: user.initials, updatedAt: user.updatedAt });
  const update = useUpdateProfile();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.details')}</CardTitle>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          id="profile"
          onSubmit={async (input) => {
            const saved = await update.mutateAsync(input);
            form.reset({ name: saved.name, initials: saved.initials, updatedAt: saved.updatedAt });
            toast({ title: t('profile.saved') });
          }}
          onError={(error, { onField }) =>
            !onField &&
            toast({ variant: 'destructive', title: t('profile.saveFailed'), description: errorMessage(error, t) })
          }
        >
          <div className="grid gap-1.5">
            <label htmlFor="profile-username" className="text-sm font-medium text-foreground">
              {t('auth.username')}
            </label>
            <Input id="profile-username" value={user.username} readOnly disabled />
          </div>
          <FormField
            control={form.control}
            name="name"
            label={t('auth.fullName')}
            render={(field) => <Input {...field} autoComplete="name" />}
          />
          <FormField
            control={form.control}
            name="initials"
            label={t('auth.initials')}
            render={(field) => (
              <Input
                {...field}
                className="uppercase"
                maxLength={INITIALS_MAX_LENGTH}
                onChange={(e) => field.onChange(normalizeInitials(e.target.value))}
              />
            )}
          />
          <div>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending && <Spinner />}
              {update.isPending ? t('common.saving') : t('common.save')}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
