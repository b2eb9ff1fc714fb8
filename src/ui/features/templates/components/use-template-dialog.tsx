import { Copy, Mail, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { useTemplates } from '../api/get-templates';
import { useRenderedTemplate } from '../api/render-template';
import { mailtoLink, plainText, whatsappMessageLink } from '../message-links';

export interface TemplateRecipient {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
}

interface UseTemplateDialogProps {
  contact: TemplateRecipient;
  /** The contact's deals, for templates that speak of one ({{deal_title}}, {{deal_value}}). */
  deals?: { id: number; label: string }[];
  onClose: () => void;
}

/**
 * Pick a template, see it filled for the contact (a deal and values typed for what no record provides),
 * then open it in the mail app or WhatsApp, or copy it.
 */
export function UseTemplateDialog({ contact, deals = [], onClose }: UseTemplateDialogProps) {
  const { t } = useTranslation();
  const templates = useTemplates({ active: true });
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [dealId, setDealId] = useState<number | null>(deals[0]?.id ?? null);
  // What the person types for variables no record fills, and the values last sent (on "apply").
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [values, setValues] = useState<Record<string, string>>({});
  const chosen = templateId ?? templates.data?.items[0]?.id ?? null;
  const rendered = useRenderedTemplate(chosen, { contactId: contact.id, ...(dealId !== null && { dealId }), ...(Object.keys(values).length > 0 && { values }) });
  const message = rendered.data ? { subject: plainText(rendered.data.subject), body: plainText(rendered.data.body) } : null;
  const missing = rendered.data?.missing ?? [];
  const whatsapp = message && contact.phone ? whatsappMessageLink(contact.phone, message.body) : null;

  const copy = async () => {
    if (!message) return;
    try {
      await navigator.clipboard.writeText(message.body);
      toast({ title: t('templateUse.copied') });
    } catch {
      toast({ variant: 'destructive', title: t('templateUse.copyFailed') });
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('templateUse.title', { name: contact.name })} description={t('templateUse.description')} className="sm:max-w-2xl">
        {templates.isPending ? (
          <p role="status" className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
            <Spinner />
            {t('common.loading')}
          </p>
        ) : templates.isError ? (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(templates.error, t)}
          </p>
        ) : templates.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('templateUse.none')}</p>
        ) : (
          <div className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid content-start gap-1.5">
                <label htmlFor="template-use-template" className="text-sm font-medium">
                  {t('templateUse.template')}
                </label>
                <Select
                  id="template-use-template"
                  value={chosen === null ? '' : String(chosen)}
                  onValueChange={(value) => {
                    setTemplateId(Number(value));
                    setTyped({});
                    setValues({});
                  }}
                  options={templates.data.items.map((template) => ({ value: String(template.id), label: template.name }))}
                />
              </div>
              <div className="grid content-start gap-1.5">
                <label htmlFor="template-use-deal" className="text-sm font-medium">
                  {t('templateUse.deal')}
                </label>
                <Select
                  id="template-use-deal"
                  value={dealId === null ? 'none' : String(dealId)}
                  onValueChange={(value) => setDealId(value === 'none' ? null : Number(value))}
                  options={[{ value: 'none', label: t('templateUse.noDeal') }, ...deals.map((deal) => ({ value: String(deal.id), label: deal.label }))]}
                />
              </div>
            </div>
            {missing.length > 0 && (
              <form
                className="grid gap-3 rounded-md border border-warning/50 bg-warning/10 p-3"
                onSubmit={(event) => {
                  event.preventDefault();
                  setValues(Object.fromEntries(Object.entries(typed).filter(([, value]) => value.trim() !== '')));
                }}
              >
                <p className="text-sm">{t('templateUse.missing')}</p>
                <div className="grid gap-3 sm:grid-cols-2">
                  {missing.map((name) => (
                    <div key={name} className="grid gap-1.5">
                      <label htmlFor={`template-use-value-${name}`} className="font-mono text-xs">
                        {`{{${name}}}`}
                      </label>
                      <Input id={`template-use-value-${name}`} value={typed[name] ?? ''} onChange={(event) => setTyped({ ...typed, [name]: event.target.value })} />
                    </div>
                  ))}
                </div>
                <Button type="submit" variant="outline" size="sm" className="justify-self-start">
                  {t('templateUse.apply')}
                </Button>
              </form>
            )}
            <section aria-labelledby="template-use-preview" className="grid gap-2 rounded-md border border-border bg-background/50 p-3">
              <h3 id="template-use-preview" className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
                {t('templateUse.preview')}
                {rendered.isFetching && <Spinner />}
              </h3>
              {rendered.isError ? (
                <p role="alert" className="text-sm text-danger">
                  {errorMessage(rendered.error, t)}
                </p>
              ) : message ? (
                <>
                  <p className="text-sm font-semibold" data-testid="template-subject">
                    {message.subject}
                  </p>
                  <p className="max-h-64 overflow-y-auto text-sm break-words whitespace-pre-wrap" data-testid="template-body">
                    {message.body}
                  </p>
                </>
              ) : (
                <Spinner />
              )}
            </section>
            <DialogFooter className="flex-wrap">
              <Button variant="outline" onClick={() => void copy()} disabled={!message}>
                <Copy className="h-4 w-4" aria-hidden="true" />
                {t('templateUse.copy')}
              </Button>
              {whatsapp ? (
                <Button asChild variant="outline">
                  <a href={whatsapp} target="_blank" rel="noopener noreferrer">
                    <MessageCircle className="h-4 w-4" aria-hidden="true" />
                    {t('templateUse.whatsapp')}
                  </a>
                </Button>
              ) : (
                <Button variant="outline" disabled title={t('templateUse.noPhone')}>
                  <MessageCircle className="h-4 w-4" aria-hidden="true" />
                  {t('templateUse.whatsapp')}
                </Button>
              )}
              {message && contact.email ? (
                <Button asChild>
                  <a href={mailtoLink(contact.email, message.subject, message.body)}>
                    <Mail className="h-4 w-4" aria-hidden="true" />
                    {t('templateUse.email')}
                  </a>
                </Button>
              ) : (
                <Button disabled title={t('templateUse.noEmail')}>
                  <Mail className="h-4 w-4" aria-hidden="true" />
                  {t('templateUse.email')}
                </Button>
              )}
            </DialogFooter>
            {(!contact.email || !contact.phone) && (
              <p className="text-xs text-muted-foreground">{[!contact.email && t('templateUse.noEmail'), !contact.phone && t('templateUse.noPhone')].filter(Boolean).join(' ')}</p>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
