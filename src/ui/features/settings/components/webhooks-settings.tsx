import { History, Pause, Pencil, Play, Plus, Send, Trash2, Webhook } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useWebhooks, type WebhookEndpoint } from '../api/get-webhooks';
import { useDeleteWebhook, useUpdateWebhook, type CreatedWebhook } from '../api/webhook-mutations';
import { eventLabelKey } from '../webhook-events';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import { WebhookDialog } from './webhook-dialog';
import { WebhookSecretDialog } from './webhook-secret-dialog';
import { useSendTest } from './use-send-test-webhook';

/**
 * The webhooks tab: the endpoints that receive the CRM's events (add, edit, pause and resume, delete, send a test
 * event) and each one's deliveries. A new endpoint's signing secret is shown once, with how to check a signature.
 */
export function WebhooksSettings() {
  const { t } = useTranslation();
  const endpoints = useWebhooks();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const remove = useDeleteWebhook();
  return (
    <Card>
      <CardHeader className="flex-wrap">
        <div className="grid gap-1">
          <CardTitle>{t('webhooks.title')}</CardTitle>
          <p className="max-w-2xl text-sm text-muted-foreground">{t('webhooks.description')}</p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t('webhooks.new')}
        </Button>
      </CardHeader>
      {endpoints.isPending ? (
        <PageSpinner />
      ) : endpoints.isError ? (
        <p role="alert" className="px-5 py-4 text-sm text-danger">
          {errorMessage(endpoints.error, t)}
        </p>
      ) : endpoints.data.items.length === 0 ? (
        <div className="px-3 py-4 sm:px-5">
          <EmptyState icon={Webhook} title={t('webhooks.empty')} description={t('webhooks.emptyHint')} />
        </div>
      ) : (
        <ul className="divide-y divide-border" aria-label={t('webhooks.title')}>
          {endpoints.data.items.map((endpoint) => (
            <EndpointRow
              key={endpoint.id}
              endpoint={endpoint}
              onEdit={() => setEditing(endpoint)}
              onDelete={() => setDeleting(endpoint)}
              onShowLog={setLogOf}
            />
          ))}
        </ul>
      )}
      {editing && (
        <WebhookDialog
          endpoint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(webhook) => {
            setEditing(null);
            setCreated(webhook);
          }}
        />
      )}
      {created && <WebhookSecretDialog created={created} onClose={() => setCreated(null)} />}
      {logOf && <WebhookDeliveriesDialog endpoint={logOf} onClose={() => setLogOf(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('webhooks.deleteTitle')}
          description={t('webhooks.deleteDescription', { url: deleting.url })}
          confirmLabel={t('webhooks.delete')}
          pending={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => toast({ title: t('webhooks.deleted') }),
              onError: (error) =>
                toast({ variant: 'destructive', title: t('webhooks.saveFailed'), description: errorMessage(error, t) }),
              onSettled: () => setDeleting(null),
            })
          }
        />
      )}
    </Card>
  );
}

function EndpointRow({
  endpoint,
  onEdit,
  onDelete,
  onShowLog,
}: {
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onDelete: () => void;
  onShowLog: (endpoint: WebhookEndpoint) => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateWebhook();
  const { send, sendingId } = useSendTest(onShowLog);
  const turnedOff = !endpoint.active && endpoint.disabledReason !== null;
  const setActive = (active: boolean) =>
    update.mutate(
      { id: endpoint.id, body: { active } },
      {
        onSuccess: () => toast({ title: t(active ? 'webhooks.resumed' : 'webhooks.paused') }),
        onError: (error) =>
          toast({ variant: 'destructive', title: t('webhooks.saveFailed'), description: errorMessage(error, t) }),
      },
    );
  return (
    <li className="grid gap-3 px-3 py-4 sm:px-5 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-start" data-testid="webhook">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="min-w-0 font-mono text-sm font-medium break-all" data-testid="webhook-url">
            {endpoint.url}
          </span>
          <StatusBadge endpoint={endpoint} />
        </p>
        {endpoint.description && <p className="text-sm break-words">{endpoint.description}</p>}
        <p className="text-xs text-muted-foreground">
          <span title={endpoint.events.map((event) => t(eventLabelKey(event))).join(', ')}>
            {t('webhooks.eventCount', { count: endpoint.events.length })}
          </span>
          {' · '}
          {t('webhooks.createdAt', { at: formatDateTime(endpoint.createdAt) })}
        </p>
        <StatusDetail endpoint={endpoint} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onShowLog(endpoint)}>
          <History className="h-4 w-4" aria-hidden="true" />
          {t('webhooks.deliveries.open')}
        </Button>
        <Button variant="outline" size="sm" disabled={sendingId === endpoint.id} onClick={() => send(endpoint)}>
          {sendingId === endpoint.id ? <Spinner /> : <Send className="h-4 w-4" aria-hidden="true" />}
          {t('webhooks.sendTest')}
        </Button>
        <Button variant="outline" size="sm" disabled={update.isPending} onClick={() => setActive(!endpoint.active)}>
          {endpoint.active ? (
            <Pause className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Play className="h-4 w-4" aria-hidden="true" />
          )}
          {t(endpoint.active ? 'webhooks.pause' : turnedOff ? 'webhooks.reenable' : 'webhooks.resume')}
        </Button>
        <Button variant="ghost" size="iconSm" aria-label={t('webhooks.edit', { url: endpoint.url })} onClick={onEdit}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="iconSm"
          aria-label={t('webhooks.deleteNamed', { url: endpoint.url })}
          onClick={onDelete}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/** Active (failing or not), paused by a person, or turned off by the system after a day of failures. */
function StatusBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  if (endpoint.active)
    return endpoint.failingSince ? (
      <Badge tone="warning" data-testid="webhook-status">
        {t('webhooks.status.failing')}
      </Badge>
    ) : (
      <Badge tone="success" data-testid="webhook-status">
        {t('webhooks.status.active')}
      </Badge>
    );
  return endpoint.disabledReason !== null ? (
    <Badge tone="danger" data-testid="webhook-status">
      {t('webhooks.status.disabled')}
    </Badge>
  ) : (
    <Badge data-testid="webhook-status">{t('webhooks.status.paused')}</Badge>
  );
}

/** Since when it fails, and for one the system turned off, why and when. */
function StatusDetail({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  if (!endpoint.active && endpoint.disabledReason !== null)
    return (
      <p className="text-sm text-danger" data-testid="webhook-disabled">
        {t('webhooks.disabledDetail', {
          at: formatDateTime(endpoint.updatedAt),
          reason: t(`webhooks.disabledReasons.${endpoint.disabledReason}`, { defaultValue: endpoint.disabledReason }),
        })}
      </p>
    );
  if (endpoint.active && endpoint.failingSince)
    return (
      <p className="text-sm text-warning">
        {t('webhooks.failingSince', { at: formatDateTime(endpoint.failingSince) })}
      </p>
    );
  return null;
}
