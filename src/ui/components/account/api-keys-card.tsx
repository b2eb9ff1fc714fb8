import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Dialog, DialogContent, DialogFooter } from '../ui/dialog';
import { EmptyState } from '../ui/empty-state';
import { Form, FormField, useSchemaForm } from '../ui/form';
import { Input } from '../ui/input';
import { Select } from '../ui/select';
import { PageSpinner, Spinner } from '../ui/spinner';
import { toast } from '../ui/use-toast';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, type ApiKey, type CreatedApiKey } from '../../lib/api/api-keys';

/**
 * API keys: a person's own (profile: make one, see its secret once, revoke it) or, for an admin (`everyone`), every
 * key with its owner (settings: revoke any). A key's list row shows its name, the secret's first characters, its
 * scope, when it was made, last used and expires, and whether it was revoked.
 */
export function ApiKeysCard({ everyone = false }: { everyone?: boolean }) {
  const { t } = useTranslation();
  const keys = useApiKeys(everyone);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useRevokeApiKey(everyone);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>{t(everyone ? 'apiKeys.allTitle' : 'apiKeys.title')}</CardTitle>
          <p className="text-sm text-muted-foreground">{t(everyone ? 'apiKeys.allHint' : 'apiKeys.hint')}</p>
        </div>
        {!everyone && (
          <Button size="sm" onClick={() => setCreating(true)}>
            <KeyRound className="h-4 w-4" aria-hidden="true" />
            {t('apiKeys.new')}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {keys.isPending ? (
          <PageSpinner />
        ) : keys.isError ? (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(keys.error, t)}
          </p>
        ) : keys.data.items.length === 0 ? (
          <EmptyState icon={KeyRound} title={t('apiKeys.empty')} description={t('apiKeys.emptyHint')} />
        ) : (
          <ul className="divide-y divide-border" aria-label={t(everyone ? 'apiKeys.allTitle' : 'apiKeys.title')}>
            {keys.data.items.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="api-key">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-foreground">
                    {key.name}
                    <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{key.prefix}…</code>
                    <Badge tone={key.scope === 'write' ? 'primary' : undefined}>
                      {t(`apiKeys.scopes.${key.scope}`)}
                    </Badge>
                    {key.revokedAt && <Badge tone="danger">{t('apiKeys.revoked')}</Badge>}
                  </p>
                  <p className="mt-0.5 text-xs text-muted-foreground">
                    {everyone && key.userName ? `${key.userName} · ` : ''}
                    {t('apiKeys.times', {
                      created: formatDateTime(key.createdAt),
                      used: key.lastUsedAt ? formatDateTime(key.lastUsedAt) : t('apiKeys.never'),
                    })}
                    {key.expiresAt ? ` · ${t('apiKeys.expires', { at: formatDateTime(key.expiresAt) })}` : ''}
                  </p>
                </div>
                {!key.revokedAt && (
                  <Button variant="outline" size="sm" onClick={() => setRevoking(key)}>
                    {t('apiKeys.revoke')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {creating && (
        <CreateApiKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
        />
      )}
      {created && <SecretDialog created={created} onClose={() => setCreated(null)} />}
      {revoking && (
        <ConfirmDialog
          title={t('apiKeys.revokeTitle', { name: revoking.name })}
          description={t('apiKeys.revokeDescription')}
          confirmLabel={t('apiKeys.revoke')}
          pending={revoke.isPending}
          onClose={() => setRevoking(null)}
          onConfirm={() =>
            revoke.mutateAsync(revoking.id).then(
              () => {
                toast({ title: t('apiKeys.revokedDone') });
                setRevoking(null);
              },
              (error: unknown) => {
                toast({ title: errorMessage(error, t), variant: 'destructive' });
                setRevoking(null);
              },
            )
          }
        />
      )}
    </Card>
  );
}

const EXPIRIES = ['never', '30', '90', '365'] as const;

function CreateApiKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (key: CreatedApiKey) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const schema = z.object({
    name: z.string().trim().min(1, t('validation.required')).max(80),
    scope: z.enum(['read', 'write']),
    expiry: z.enum(EXPIRIES),
  });
  const form = useSchemaForm(schema, { name: '', scope: 'read', expiry: 'never' });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('apiKeys.newTitle')} description={t('apiKeys.newDescription')}>
        <Form
          form={form}
          id="api-key"
          onSubmit={async ({ name, scope, expiry }) => {
            const expiresAt =
              expiry === 'never' ? null : new Date(Date.now() + Number(expiry) * 86_400_000).toISOString();
            onCreated(await create.mutateAsync({ name, scope, expiresAt }));
          }}
          onError={(error, { onField }) => !onField && toast({ title: errorMessage(error, t), variant: 'destructive' })}
          className="grid gap-4"
        >
          <FormField
            control={form.control}
            name="name"
            label={t('apiKeys.name')}
            description={t('apiKeys.nameHint')}
            render={(field) => <Input {...field} maxLength={80} autoComplete="off" />}
          />
          <FormField
            control={form.control}
            name="scope"
            label={t('apiKeys.scope')}
            render={({ id, value, onChange }) => (
              <Select
                id={id}
                value={value}
                onValueChange={onChange}
                options={(['read', 'write'] as const).map((scope) => ({
                  value: scope,
                  label: t(`apiKeys.scopes.${scope}`),
                }))}
              />
            )}
          />
          <FormField
            control={form.control}
            name="expiry"
            label={t('apiKeys.expiry')}
            render={({ id, value, onChange }) => (
              <Select
                id={id}
                value={value}
                onValueChange={onChange}
                options={EXPIRIES.map((expiry) => ({ value: expiry, label: t(`apiKeys.expiries.${expiry}`) }))}
              />
            )}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('apiKeys.cancel')}
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting && <Spinner />}
              {t('apiKeys.create')}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** The secret, shown this once: copied to the clipboard or selected by hand. */
function SecretDialog({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('apiKeys.secretTitle', { name: created.name })} description={t('apiKeys.secretHint')}>
        <div className="grid gap-4">
          <Input
            readOnly
            value={created.secret}
            aria-label={t('apiKeys.secret')}
            data-testid="api-key-secret"
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <p className="text-xs text-muted-foreground">
            {t('apiKeys.usage')} <code className="rounded bg-muted px-1">Authorization: Bearer {created.prefix}…</code>
          </p>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                navigator.clipboard.writeText(created.secret ?? '').then(
                  () => toast({ title: t('apiKeys.copied') }),
                  () => toast({ title: t('apiKeys.copyFailed'), variant: 'destructive' }),
                )
              }
            >
              {t('apiKeys.copy')}
            </Button>
            <Button type="button" onClick={onClose}>
              {t('apiKeys.done')}
            </Button>
          </DialogFooter>
        </div>
      </DialogContent>
    </Dialog>
  );
}
