import { CheckCircle2, Copy, Mail, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { useApplyTemplate, type ApplyTemplateInput } from '../api/apply-template';
import { useTemplateVariables } from '../api/get-template-variables';
import { useTemplates } from '../api/get-templates';
import { useRenderedTemplate } from '../api/render-template';
import { mailtoLink, whatsappMessageLink } from '../message-links';
import { RenderedMessage } from './rendered-message';

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
  /** Since when the contact has revoked consent for a channel (null: not revoked): that channel is not offered. */
  revoked?: { email: string | null; whatsapp: string | null };
  /** The server refused a channel the contact revoked (the page's consents were older than that). */
  onConsentRevoked?: () => void;
  onClose: () => void;
}

type Channel = ApplyTemplateInput['channel'];

/**
 * Pick a template, see it filled for the contact (a deal and values typed for what no record provides),
 * then send it: the server renders it as plain text and counts the use (the contact's history shows it),
 * and the message opens in the mail app or WhatsApp, or goes to the clipboard; the dialog then says so
 * and offers the link again.
 */
export function UseTemplateDialog({
  contact,
  deals = [],
  revoked = { email: null, whatsapp: null },
  onConsentRevoked,
  onClose,
}: UseTemplateDialogProps) {
  const { t } = useTranslation();
  const templates = useTemplates({ active: true });
  const variables = useTemplateVariables();
  const apply = useApplyTemplate();
  // After a use: what was done, and the link again in case the app did not open (a blocked window).
  const [sent, setSent] = useState<{ channel: Channel; link: string | null; copied: boolean; body: string } | null>(
    null,
  );
  const [templateId, setTemplateId] = useState<number | null>(null);
  // The deal picked, or (until one is) the contact's first: their deals may arrive after the dialog opens.
  const [pickedDeal, setDealId] = useState<number | null | undefined>(undefined);
  const dealId = pickedDeal === undefined ? (deals[0]?.id ?? null) : pickedDeal;
  // What the person types for variables no record fills, and the values last sent (on "fill in").
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [values, setValues] = useState<Record<string, string>>({});
  const chosen = templateId ?? templates.data?.items[0]?.id ?? null;
  const template = templates.data?.items.find((item) => item.id === chosen);
  const dealVariables = new Set(
    (variables.data ?? []).filter((variable) => variable.source === 'deal').map((variable) => variable.name),
  );
  const usesDeal = (template?.variables ?? []).some((name) => dealVariables.has(name));
  const fill = {
    contactId: contact.id,
    ...(usesDeal && dealId !== null && { dealId }),
    ...(Object.keys(values).length > 0 && { values }),
  };
  const rendered = useRenderedTemplate(chosen, { ...fill, format: 'text' });
  const missing = rendered.data?.missing ?? [];
  const ready = rendered.data !== undefined && !rendered.isPlaceholderData && missing.length === 0 && !apply.isPending;
  const canWhatsapp = contact.phone !== null && whatsappMessageLink(contact.phone, '') !== null;
  // Why a channel is not offered: revoked consent first (it outlives a new address), then a missing address.
  const whatsappBlock = revoked.whatsapp
    ? t('templateUse.revoked.whatsapp', { at: formatDate(revoked.whatsapp) })
    : canWhatsapp
      ? null
      : t('templateUse.noPhone');
  const emailBlock = revoked.email
    ? t('templateUse.revoked.email', { at: formatDate(revoked.email) })
    : contact.email
      ? null
      : t('templateUse.noEmail');

  /** The server renders and counts; then the message leaves by the channel. */
  const send = (channel: Channel) => {
    if (chosen === null) return;
    // A window opened now, while the click still counts as the person's, is not blocked; it gets its
    // address once the server answers (or closes if it refuses).
    const popup = channel === 'whatsapp' ? window.open('', '_blank') : null;
    if (popup) popup.opener = null;
    apply.mutate(
      { id: chosen, body: { ...fill, channel } },
      {
        onSuccess: async (message) => {
          const link =
            channel === 'email' && contact.email
              ? mailtoLink(contact.email, message.subject, message.body)
              : channel === 'whatsapp' && contact.phone
                ? whatsappMessageLink(contact.phone, message.body)
                : null;
          if (channel === 'email' && link) window.location.href = link;
          if (channel === 'whatsapp' && link && popup) popup.location.href = link;
          let copied = true;
          if (channel === 'copy') {
            copied = await navigator.clipboard.writeText(message.body).then(
              () => true,
              () => false,
            );
          }
          setSent({ channel, link, copied, body: message.body });
        },
        onError: (error) => {
          popup?.close();
          if (error instanceof ApiError && error.server?.code === 'PRIVACY.CONSENT_REVOKED') onConsentRevoked?.();
          toast({ variant: 'destructive', title: t('templateUse.failed'), description: errorMessage(error, t) });
        },
      },
    );
  };

  if (sent) {
    return (
      <Dialog open onOpenChange={(open) => !open && onClose()}>
        <DialogContent title={t('templateUse.title', { name: contact.name })} className="sm:max-w-2xl">
          <div className="grid gap-3" role="status" data-testid="template-sent">
            <p className="flex items-center gap-2 text-sm font-medium">
              <CheckCircle2 className="h-4 w-4 text-success" aria-hidden="true" />
              {sent.copied ? t(`templateUse.sent.${sent.channel}`) : t('templateUse.copyFailed')}
            </p>
            <p className="text-sm text-muted-foreground">{t('templateUse.recorded')}</p>
            {sent.channel === 'copy' && !sent.copied && (
              <p className="max-h-64 overflow-y-auto rounded-md border border-border p-3 text-sm break-words whitespace-pre-wrap select-all">
                {sent.body}
              </p>
            )}
          </div>
          <DialogFooter>
            {sent.link && (
              <Button asChild variant="outline">
                <a
                  href={sent.link}
                  {...(sent.channel === 'whatsapp' && { target: '_blank', rel: 'noopener noreferrer' })}
                >
                  {sent.channel === 'email' ? (
                    <Mail className="h-4 w-4" aria-hidden="true" />
                  ) : (
                    <MessageCircle className="h-4 w-4" aria-hidden="true" />
                  )}
                  {t('templateUse.openAgain')}
                </a>
              </Button>
            )}
            <Button onClick={onClose}>{t('common.close')}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('templateUse.title', { name: contact.name })}
        description={t('templateUse.description')}
        className="sm:max-w-2xl"
      >
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
                  options={templates.data.items.map((item) => ({ value: String(item.id), label: item.name }))}
                />
              </div>
              {usesDeal && (
                <div className="grid content-start gap-1.5">
                  <label htmlFor="template-use-deal" className="text-sm font-medium">
                    {t('templateUse.deal')}
                  </label>
                  <Select
                    id="template-use-deal"
                    value={dealId === null ? 'none' : String(dealId)}
                    onValueChange={(value) => setDealId(value === 'none' ? null : Number(value))}
                    options={[
                      { value: 'none', label: t('templateUse.noDeal') },
                      ...deals.map((deal) => ({ value: String(deal.id), label: deal.label })),
                    ]}
                  />
                </div>
              )}
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
                      <label htmlFor={`template-use-value-${name}`} className="text-xs">
                        {t(`templates.variables.${name}`, { defaultValue: '' }) || (
                          <span className="font-mono">{`{{${name}}}`}</span>
                        )}
                      </label>
                      <Input
                        id={`template-use-value-${name}`}
                        value={typed[name] ?? ''}
                        maxLength={1000}
                        onChange={(event) => setTyped({ ...typed, [name]: event.target.value })}
                      />
                    </div>
                  ))}
                </div>
                <Button type="submit" variant="outline" size="sm" className="justify-self-start">
                  {t('templateUse.apply')}
                </Button>
              </form>
            )}
            <section
              aria-labelledby="template-use-preview"
              className="grid gap-2 rounded-md border border-border bg-background/50 p-3"
            >
              <h3
                id="template-use-preview"
                className="flex items-center gap-2 text-sm font-medium text-muted-foreground"
              >
                {t('templateUse.preview')}
                {rendered.isFetching && <Spinner />}
              </h3>
              <RenderedMessage rendered={rendered} testId="template" />
            </section>
            <p className="text-xs text-muted-foreground">{t('templateUse.counted')}</p>
            <DialogFooter className="flex-wrap">
              <Button variant="outline" onClick={() => send('copy')} disabled={!ready}>
                <Copy className="h-4 w-4" aria-hidden="true" />
                {t('templateUse.copy')}
              </Button>
              <Button
                variant="outline"
                onClick={() => send('whatsapp')}
                disabled={!ready || whatsappBlock !== null}
                title={whatsappBlock ?? undefined}
                aria-describedby={whatsappBlock ? 'template-use-whatsapp-block' : undefined}
              >
                <MessageCircle className="h-4 w-4" aria-hidden="true" />
                {t('templateUse.whatsapp')}
              </Button>
              <Button
                onClick={() => send('email')}
                disabled={!ready || emailBlock !== null}
                title={emailBlock ?? undefined}
                aria-describedby={emailBlock ? 'template-use-email-block' : undefined}
              >
                {apply.isPending ? <Spinner /> : <Mail className="h-4 w-4" aria-hidden="true" />}
                {t('templateUse.email')}
              </Button>
            </DialogFooter>
            {(emailBlock || whatsappBlock) && (
              <p className="text-xs text-muted-foreground" data-testid="template-use-blocks">
                {emailBlock && <span id="template-use-email-block">{emailBlock}</span>}
                {emailBlock && whatsappBlock && ' '}
                {whatsappBlock && <span id="template-use-whatsapp-block">{whatsappBlock}</span>}
              </p>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
