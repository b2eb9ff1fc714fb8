import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import type { CreatedWebhook } from '../api/webhook-mutations';

/** How a receiver checks that a delivery came from us, in Node (the other languages read the same). */
const VERIFY_SAMPLE = `const timestamp = req.headers['funil-webhook-timestamp'];
const hmac = createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`);
const expected = Buffer.from(\`v1=\${hmac.digest('hex')}\`);
const given = Buffer.from(req.headers['funil-signature'] ?? '');
const ok = given.length === expected.length && timingSafeEqual(given, expected);`;

/** A new endpoint's signing secret, shown this once, with how to check a delivery's signature with it. */
export function WebhookSecretDialog({ created, onClose }: { created: CreatedWebhook; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(created.secret ?? '').then(
      () => {
        setCopied(true);
        toast({ title: t('webhooks.secret.copied') });
      },
      // No clipboard permission (an insecure origin): the secret stays selectable on screen.
      () => toast({ title: t('webhooks.secret.copyFailed'), variant: 'destructive' }),
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="sm:max-w-2xl"
        title={t('webhooks.secret.title')}
        description={t('webhooks.secret.description')}
      >
        <div className="grid gap-4">
          <div className="flex items-center gap-2">
            <Input
              readOnly
              value={created.secret}
              aria-label={t('webhooks.secret.label')}
              data-testid="webhook-secret"
              className="font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="outline" onClick={() => void copy()}>
              {copied ? (
                <Check className="h-4 w-4" aria-hidden="true" />
              ) : (
                <Copy className="h-4 w-4" aria-hidden="true" />
              )}
              {t('webhooks.secret.copy')}
            </Button>
          </div>
          <SignatureRecipe />
          <DialogFooter>
            <Button onClick={onClose}>{t('webhooks.secret.done')}</Button>
          </DialogFooter>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The headers every delivery carries and how the signature is made from the secret. */
export function SignatureRecipe() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="webhook-signature-title"
      className="grid gap-2 rounded-md border border-border p-3 text-sm"
    >
      <h3 id="webhook-signature-title" className="font-semibold">
        {t('webhooks.recipe.title')}
      </h3>
      <p className="text-muted-foreground">{t('webhooks.recipe.intro')}</p>
      <dl className="grid gap-1.5">
        {(['id', 'timestamp', 'signature'] as const).map((header) => (
          <div key={header} className="grid gap-0.5 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-2">
            <dt>
              <code className="font-mono text-xs font-medium">{HEADERS[header]}</code>
            </dt>
            <dd className="text-muted-foreground">
              {t(`webhooks.recipe.${header}`)}
              {header === 'signature' && (
                <code className="mt-1 block font-mono text-xs text-foreground">{t('webhooks.recipe.formula')}</code>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-muted-foreground">{t('webhooks.recipe.verify')}</p>
      {/* Focusable: on a phone the lines scroll sideways, by keyboard too. */}
      <pre className="overflow-x-auto rounded bg-muted p-3 font-mono text-xs" tabIndex={0}>
        {VERIFY_SAMPLE}
      </pre>
    </section>
  );
}

const HEADERS = {
  id: 'Funil-Webhook-Id',
  timestamp: 'Funil-Webhook-Timestamp',
  signature: 'Funil-Signature',
} as const;
