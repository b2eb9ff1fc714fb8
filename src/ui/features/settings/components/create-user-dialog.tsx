import { RefreshCw, UserPlus } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Form, FormField, useSchemaForm } from '../../../components/ui/form';
import { InitialsField } from '../../../components/ui/initials-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { ROLES, type Role } from '../../../lib/session';
import { userRules } from '../../../lib/validation';
import { useCreateUser } from '../api/create-user';

// No 0/O or 1/l/I, so it can be read out or typed from paper without mistakes.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A 12-character suggestion from the browser's secure random source (the administrator may type another). */
export function suggestTemporaryPassword(): string {
  const values = crypto.getRandomValues(new Uint32Array(12));
  return Array.from(values, (v) => ALPHABET[v % ALPHABET.length]).join('');
}

export interface CreatedUser {
  name: string;
  temporaryPassword: string;
}

/** New user: name, username, initials, role and a temporary password the user must change at the first sign-in. */
export function CreateUserDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: CreatedUser) => void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => {
    const rules = userRules(t);
    return z.object({
      name: rules.name,
      username: rules.username,
      initials: rules.optionalInitials,
      role: z.enum(ROLES as [Role, ...Role[]]),
      temporaryPassword: rules.newPassword,
    });
  }, [t]);
  const form = useSchemaForm(schema, {
    name: '',
    username: '',
    initials: '',
    role: 'employee',
    temporaryPassword: suggestTemporaryPassword(),
  });
  const create = useCreateUser();

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('userAdmin.create.title')} description={t('userAdmin.create.description')}>
        <Form
          form={form}
          id="create-user"
          onSubmit={async (input) => {
            const created = await create.mutateAsync(input);
            toast({ title: t('userAdmin.create.done', { name: created.name }) });
            onCreated({ name: created.name, temporaryPassword: input.temporaryPassword });
          }}
          onError={(error, { onField }) =>
            !onField &&
            toast({ variant: 'destructive', title: t('userAdmin.create.failed'), description: errorMessage(error, t) })
          }
        >
          <FormField
            control={form.control}
            name="name"
            label={t('auth.fullName')}
            render={(field) => <Input {...field} autoComplete="off" />}
          />
          <FormField
            control={form.control}
            name="username"
            label={t('auth.username')}
            render={(field) => <Input {...field} autoComplete="off" />}
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
            name="temporaryPassword"
            label={t('userAdmin.create.temporaryPassword')}
            description={t('userAdmin.create.temporaryPasswordHint')}
            render={(field) => (
              <div className="flex gap-2">
                <Input {...field} autoComplete="off" spellCheck={false} className="font-mono" />
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label={t('userAdmin.create.generate')}
                  title={t('userAdmin.create.generate')}
                  onClick={() =>
                    form.setValue('temporaryPassword', suggestTemporaryPassword(), { shouldValidate: true })
                  }
                >
                  <RefreshCw className="h-4 w-4" aria-hidden="true" />
                </Button>
              </div>
            )}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('common.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Spinner /> : <UserPlus className="h-4 w-4" aria-hidden="true" />}
              {create.isPending ? t('userAdmin.create.creating') : t('userAdmin.create.submit')}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
