import { ChevronDown, ChevronRight, History, RefreshCw, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { formatDateTimeSeconds } from '../../../lib/format';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import type { WebhookDelivery, WebhookEndpoint } from '../api/get-webhooks';
import { useRedeliverWebhook } from '../api/webhook-mutations';
import { eventLabelKey } from '../webhook-events';
import { useSendTest } from './use-send-test-webhook';

const STATUS_TONES: Record<WebhookDelivery['status'], BadgeProps['tone']> = {
  succeeded: 'success',
  failed: 'danger',
  pending: 'warning',
};

/**
 * An endpoint's deliveries, newest first: when, which event, how it went (status, attempts, the answer's code and
 * time), the error and the first bytes of the answer on expanding a row; each one sent again on request. The list is
 * read when opened and on "Refresh" (SPEC: no polling), and after a test or a redelivery made here.
 */
export function WebhookDeliveriesDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries(endpoint.id);
  const { send, sendingId } = useSendTest();
  const sending = sendingId === endpoint.id;
  const items = deliveries.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="sm:max-w-3xl"
        title={t('webhooks.deliveries.title')}
        description={<span className="break-all">{endpoint.url}</span>}
      >
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={sending} onClick={() => send(endpoint)}>
            {sending ? <Spinner /> : <Send className="h-4 w-4" aria-hidden="true" />}
            {t('webhooks.sendTest')}
          </Button>
          <Button variant="ghost" size="sm" disabled={deliveries.isFetching} onClick={() => void deliveries.refetch()}>
            {deliveries.isRefetching ? <Spinner /> : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
            {t('webhooks.deliveries.refresh')}
          </Button>
        </div>
        {deliveries.isPending ? (
          <PageSpinner />
        ) : deliveries.isError ? (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(deliveries.error, t)}
          </p>
        ) : items.length === 0 ? (
          <EmptyState
            icon={History}
            title={t('webhooks.deliveries.empty')}
            description={t('webhooks.deliveries.emptyHint')}
          />
        ) : (
          <>
            <ol
              className="divide-y divide-border rounded-md border border-border"
              aria-label={t('webhooks.deliveries.title')}
              data-testid="webhook-deliveries"
            >
              {items.map((delivery) => (
                <DeliveryRow key={delivery.id} endpointId={endpoint.id} delivery={delivery} />
              ))}
            </ol>
            {deliveries.hasNextPage && (
              <div className="flex justify-center">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void deliveries.fetchNextPage()}
                  disabled={deliveries.isFetchingNextPage}
                >
                  {deliveries.isFetchingNextPage && <Spinner />}
                  {t('webhooks.deliveries.loadMore')}
                </Button>
              </div>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function DeliveryRow({ endpointId, delivery }: { endpointId: number; delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const redeliver = useRedeliverWebhook();
  const facts = [
    delivery.responseCode !== null
      ? t('webhooks.deliveries.code', { code: delivery.responseCode })
      : delivery.attempts > 0
        ? t('webhooks.deliveries.noAnswer')
        : null,
    t('webhooks.deliveries.attempts', { count: delivery.attempts }),
    delivery.durationMs !== null ? t('webhooks.deliveries.duration', { ms: delivery.durationMs }) : null,
  ].filter((fact) => fact !== null);
  return (
    <li className="grid gap-2 px-3 py-2.5" data-testid="webhook-delivery" data-status={delivery.status}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <Button
          variant="ghost"
          size="iconSm"
          aria-expanded={open}
          aria-controls={detailsId}
          aria-label={t('webhooks.deliveries.details')}
          onClick={() => setOpen(!open)}
        >
          {open ? (
            <ChevronDown className="h-4 w-4" aria-hidden="true" />
          ) : (
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          )}
        </Button>
        <time dateTime={delivery.createdAt} className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">
          {formatDateTimeSeconds(delivery.createdAt)}
        </time>
        <span className="min-w-0 text-sm font-medium" title={delivery.eventType}>
          {t(eventLabelKey(delivery.eventType), { defaultValue: delivery.eventType })}
        </span>
        <Badge tone={STATUS_TONES[delivery.status]} data-testid="delivery-status">
          {t(`webhooks.deliveries.status.${delivery.status}`)}
        </Badge>
        <span className="text-xs text-muted-foreground" data-testid="delivery-facts">
          {facts.join(' · ')}
        </span>
        <Button
          variant="outline"
          size="sm"
          className="ml-auto"
          disabled={redeliver.isPending}
          onClick={() =>
            redeliver.mutate(
              { endpointId, deliveryId: delivery.id },
              {
                onSuccess: () => toast({ title: t('webhooks.deliveries.redelivered') }),
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: t('webhooks.deliveries.redeliverFailed'),
                    description: errorMessage(error, t),
                  }),
              },
            )
          }
        >
          {redeliver.isPending && <Spinner />}
          {t('webhooks.deliveries.redeliver')}
        </Button>
      </div>
      <div id={detailsId} hidden={!open}>
        {open && <DeliveryDetails delivery={delivery} />}
      </div>
    </li>
  );
}

function DeliveryDetails({ delivery }: { delivery: WebhookDelivery }) {
  const { t } = useTranslation();
  const rows: [string, React.ReactNode][] = [
    [t('webhooks.deliveries.eventId'), <code className="font-mono text-xs break-all">{delivery.eventId}</code>],
    [t('webhooks.deliveries.eventType'), <code className="font-mono text-xs">{delivery.eventType}</code>],
    [
      t('webhooks.deliveries.lastAttempt'),
      formatDateTimeSeconds(delivery.lastAttemptAt) ?? t('webhooks.deliveries.none'),
    ],
  ];
  if (delivery.status === 'pending')
    rows.push([
      t('webhooks.deliveries.nextAttempt'),
      formatDateTimeSeconds(delivery.nextAttemptAt) ?? t('webhooks.deliveries.soon'),
    ]);
  if (delivery.error)
    rows.push([t('webhooks.deliveries.error'), <span className="text-danger">{delivery.error}</span>]);
  return (
    <div className="grid gap-2 text-sm sm:pl-11">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-1">
        <p className="text-muted-foreground">{t('webhooks.deliveries.response')}</p>
        {delivery.responseBody ? (
          <pre
            className="max-h-48 overflow-auto rounded bg-muted p-2 font-mono text-xs whitespace-pre-wrap break-all"
            tabIndex={0}
            data-testid="delivery-response"
          >
            {delivery.responseBody}
          </pre>
        ) : (
          <p className="text-xs text-muted-foreground">{t('webhooks.deliveries.noBody')}</p>
        )}
      </div>
    </div>
  );
}
