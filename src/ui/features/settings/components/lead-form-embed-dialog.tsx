import { Check, Copy, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import type { LeadForm } from '../api/get-lead-forms';

type Snippet = 'url' | 'script' | 'html';
const SNIPPETS: Snippet[] = ['script', 'url', 'html'];

/**
 * The three ways to publish a form, each with what it is for and a copy button: the script a site pastes where the
 * form goes (recommended), the link to the hosted page, and a plain HTML form for sites that take no scripts.
 */
export function LeadFormEmbedDialog({ form, onClose }: { form: LeadForm; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="sm:max-w-3xl"
        title={t('leadForms.embed.title', { name: form.name })}
        description={t('leadForms.embed.description')}
      >
        {!form.active && (
          <p
            role="status"
            className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-foreground"
          >
            {t('leadForms.embed.paused')}
          </p>
        )}
        <div className="grid gap-4">
          {SNIPPETS.map((snippet) => (
            <SnippetSection key={snippet} form={form} snippet={snippet} />
          ))}
        </div>
        <DialogFooter>
          <Button onClick={onClose}>{t('leadForms.embed.done')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function SnippetSection({ form, snippet }: { form: LeadForm; snippet: Snippet }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const text = form.embed[snippet];
  const titleId = `lead-form-embed-${snippet}-title`;
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => {
        setCopied(true);
        toast({ title: t('leadForms.embed.copied') });
      },
      // No clipboard permission (an insecure origin): the text stays selectable on screen.
      () => toast({ title: t('leadForms.embed.copyFailed'), variant: 'destructive' }),
    );
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-2 rounded-md border border-border p-3"
      data-testid={`lead-form-embed-${snippet}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="text-sm font-semibold">
          {t(`leadForms.embed.${snippet}.title`)}
        </h3>
        {snippet === 'script' && <Badge tone="primary">{t('leadForms.embed.recommended')}</Badge>}
        <div className="ml-auto flex flex-wrap gap-2">
          {snippet === 'url' && form.active && (
            <Button variant="ghost" size="sm" asChild>
              <a href={text} target="_blank" rel="noreferrer">
                <ExternalLink className="h-4 w-4" aria-hidden="true" />
                {t('leadForms.embed.open')}
              </a>
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            aria-label={t(`leadForms.embed.${snippet}.copy`)}
            onClick={() => void copy()}
          >
            {copied ? (
              <Check className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Copy className="h-4 w-4" aria-hidden="true" />
            )}
            {t('leadForms.embed.copy')}
          </Button>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{t(`leadForms.embed.${snippet}.hint`)}</p>
      {/* Long lines wrap; focusable, as a long snippet scrolls (by keyboard too); the text can be selected by hand. */}
      <pre
        className="max-h-48 overflow-auto rounded bg-muted p-3 font-mono text-xs whitespace-pre-wrap wrap-anywhere"
        tabIndex={0}
        data-testid="lead-form-snippet"
      >
        {text}
      </pre>
    </section>
  );
}
