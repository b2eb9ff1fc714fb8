import { randomBytes } from 'node:crypto';
import { inject, injectable } from 'inversify';
import type { NotificationRepository } from '../notifications/notifications.ports';
import { NOTIFICATION_REPOSITORY } from '../notifications/notifications.tokens';
import type { Clock } from '../shared/clock';
import type { JobQueue } from '../shared/job-queue.port';
import type { Page, PageRequest } from '../shared/list-page';
import { CLOCK, JOB_QUEUE, LOGGER } from '../shared/shared.tokens';
import type { Viewer } from '../shared/viewer';
import { FieldError } from '../crm/crm.errors';
import {
  DELIVERY_LOG_DAYS,
  DELIVERY_TIMEOUT_MS,
  DISABLE_AFTER_MS,
  DISABLED_FAILING,
  outcomeOf,
  RETRY_WINDOW_MS,
  retryDelayMs,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  WEBHOOKS_MAX,
  webhookBody,
  webhookSignature,
  type DeliveryToSend,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointChanges,
  type WebhookEventType,
} from './webhook';
import { WebhookDeliveryNotFoundError, WebhookLimitError, WebhookNotFoundError } from './webhooks.errors';
import type { WebhookPolicy, WebhookRepository, WebhookSender } from './webhooks.ports';
import { WEBHOOK_POLICY, WEBHOOK_REPOSITORY, WEBHOOK_SENDER } from './webhooks.tokens';

/** How long a worker holds a delivery it claimed: well past one try's timeout. */
export const DELIVERY_HOLD_MS = 60_000;
/** Deliveries claimed per statement of a scan. */
export const DELIVERY_BATCH = 100;

interface Log {
  warn(obj: object, msg: string): void;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const DISABLED_TEXT = {
  pt: {
    title: 'Webhook desativado',
    body: 'As entregas para {url} falharam por 24 horas e o endpoint foi desativado. Corrija-o e reative-o em Configurações → Webhooks.',
  },
  en: {
    title: 'Webhook turned off',
    body: 'Deliveries to {url} failed for 24 hours and the endpoint was turned off. Fix it and turn it back on in Settings → Webhooks.',
  },
};

export interface NewEndpointInput {
  url: string;
  events: WebhookEventType[];
  description?: string | null;
  active?: boolean;
}

/**
 * Webhook endpoints (admins define them) and their deliveries. The database writes an event and its deliveries in the
 * transaction of the change (see the migration); a scan claims the due deliveries and queues one job each; a job
 * sends one try (signed, 10 s at most, no redirect followed) and records it: a 2xx is delivered, a network error, 5xx
 * or 429 is tried again with a growing delay for 24 h, any other answer is final. An endpoint whose deliveries all
 * failed for 24 h is turned off and the admins told.
 */
@injectable()
export class WebhooksService {
  constructor(
    @inject(WEBHOOK_REPOSITORY) private readonly webhooks: WebhookRepository,
    @inject(WEBHOOK_SENDER) private readonly sender: WebhookSender,
    @inject(WEBHOOK_POLICY) private readonly policy: WebhookPolicy,
    @inject(NOTIFICATION_REPOSITORY) private readonly notifications: NotificationRepository,
    @inject(JOB_QUEUE) private readonly queue: JobQueue,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly log: Log,
  ) {}

  async create(viewer: Viewer, input: NewEndpointInput): Promise<WebhookEndpoint & { secret: string }> {
    this.checkUrl(input.url);
    if ((await this.webhooks.count()) >= WEBHOOKS_MAX) throw new WebhookLimitError(WEBHOOKS_MAX);
    const secret = WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64url');
    const endpoint = await this.webhooks.create({
      url: input.url,
      events: [...new Set(input.events)],
      description: input.description ?? null,
      active: input.active ?? true,
      secret,
      createdBy: viewer.id,
    });
    return { ...endpoint, secret };
  }

  list(): Promise<WebhookEndpoint[]> {
    return this.webhooks.list();
  }

  async get(id: number): Promise<WebhookEndpoint> {
    const endpoint = await this.webhooks.findById(id);
    if (!endpoint) throw new WebhookNotFoundError();
    return endpoint;
  }

  async update(id: number, changes: WebhookEndpointChanges): Promise<WebhookEndpoint> {
    if (changes.url !== undefined) this.checkUrl(changes.url);
    const updated = await this.webhooks.update(
      id,
      { ...changes, ...(changes.events && { events: [...new Set(changes.events)] }) },
      this.clock.now(),
    );
    if (!updated) throw new WebhookNotFoundError();
    return updated;
  }

  async delete(id: number): Promise<void> {
    if (!(await this.webhooks.delete(id))) throw new WebhookNotFoundError();
  }

  async deliveries(id: number, page: PageRequest): Promise<Page<WebhookDelivery>> {
    await this.get(id);
    return this.webhooks.deliveries(id, page);
  }

  /** A `webhook.test` event sent to this endpoint now (paused or not); the answer is its first try. */
  async test(viewer: Viewer, id: number): Promise<WebhookDelivery> {
    const endpoint = await this.get(id);
    const deliveryId = await this.webhooks.addEvent(id, WEBHOOK_TEST_EVENT, {
      object: 'webhook',
      id,
      name: endpoint.url,
      record: null,
      changes: [],
      actor: { userId: viewer.id, apiKeyName: null, formName: null, bulk: false },
    });
    const now = this.clock.now();
    const delivery = await this.webhooks.claim(deliveryId, now, new Date(now.getTime() + DELIVERY_HOLD_MS));
    if (!delivery) throw new WebhookDeliveryNotFoundError();
    return this.attempt(delivery);
  }

  /** The same event again, as a new delivery due now (the scan sends it while the endpoint is on). */
  async redeliver(endpointId: number, deliveryId: number): Promise<WebhookDelivery> {
    if (!(await this.webhooks.findDelivery(endpointId, deliveryId))) throw new WebhookDeliveryNotFoundError();
    return this.webhooks.redeliver(deliveryId);
  }

  /** Claims every due delivery, a batch at a time, and queues one job each. Returns how many were queued. */
  async scan(): Promise<number> {
    const now = this.clock.now();
    const holdUntil = new Date(now.getTime() + DELIVERY_HOLD_MS);
    let queued = 0;
    for (;;) {
      const ids = await this.webhooks.claimDue(now, holdUntil, DELIVERY_BATCH);
      if (ids.length === 0) return queued;
      // Unique per claim: a delivery claimed again (its job lost) is a new job; a job whose claim passed does nothing.
      await this.queue.enqueueMany(
        'webhooks.deliver',
        ids.map((deliveryId) => ({
          payload: { deliveryId, holdUntil: holdUntil.toISOString() },
          options: { jobId: `webhook-${deliveryId}-${holdUntil.getTime()}` },
        })),
      );
      queued += ids.length;
      if (ids.length < DELIVERY_BATCH) return queued;
    }
  }

  /** Keeps the delivery log to its last DELIVERY_LOG_DAYS (pending deliveries stay, whatever their age). */
  purge(): Promise<number> {
    return this.webhooks.purge(new Date(this.clock.now().getTime() - DELIVERY_LOG_DAYS * 86_400_000));
  }

  /** One try of a claimed delivery; nothing when the claim is no longer this job's. */
  async deliver(deliveryId: number, holdUntil: Date): Promise<void> {
    const [delivery] = await this.webhooks.claimed([deliveryId], holdUntil);
    if (delivery) await this.attempt(delivery);
  }

  private async attempt(delivery: DeliveryToSend): Promise<WebhookDelivery> {
    const body = webhookBody(delivery.event);
    const timestamp = Math.floor(this.clock.now().getTime() / 1000);
    const result = await this.sender.send(
      delivery.endpoint.url,
      {
        'content-type': 'application/json',
        'user-agent': 'Funil-Webhooks/1',
        'funil-webhook-id': delivery.event.id,
        'funil-webhook-timestamp': String(timestamp),
        'funil-signature': webhookSignature(delivery.endpoint.secret, timestamp, body),
      },
      body,
      DELIVERY_TIMEOUT_MS,
    );
    const at = this.clock.now();
    const outcome = outcomeOf(result);
    const next = new Date(at.getTime() + retryDelayMs(delivery.attempts + 1));
    const retry = outcome === 'retry' && next.getTime() - delivery.createdAt.getTime() <= RETRY_WINDOW_MS;
    const recorded = await this.webhooks.recordAttempt(delivery.id, {
      at,
      result,
      status: outcome === 'succeeded' ? 'succeeded' : retry ? 'pending' : 'failed',
      nextAttemptAt: retry ? next : null,
    });
    if (outcome === 'succeeded') await this.webhooks.endpointSucceeded(delivery.endpoint.id);
    else if (
      await this.webhooks.endpointFailed(
        delivery.endpoint.id,
        at,
        new Date(at.getTime() - DISABLE_AFTER_MS),
        DISABLED_FAILING,
      )
    )
      await this.tellAdmins(delivery.endpoint, at);
    return recorded;
  }

  private async tellAdmins(endpoint: { id: number; url: string }, at: Date): Promise<void> {
    this.log.warn({ webhookId: endpoint.id }, 'webhook endpoint turned off after 24 h of failed deliveries');
    const admins = await this.webhooks.adminIds();
    const messages = await Promise.all(
      admins.map(async (userId) => {
        const text = DISABLED_TEXT[(await this.notifications.settings(userId)).language];
        return {
          userId,
          kind: 'webhook.disabled' as const,
          activityId: null,
          title: text.title,
          body: text.body.replace('{url}', endpoint.url),
          subject: null,
          dueAt: null,
          link: '/settings?tab=webhooks',
          dedupeKey: `webhook-disabled:${endpoint.id}:${at.getTime()}:${userId}`,
          createdAt: at,
          emailStatus: 'none' as const,
        };
      }),
    );
    await this.notifications.recordMany(messages);
  }

  /** https anywhere; http only to this machine, outside production. Addresses are checked when a try resolves them. */
  private checkUrl(value: string): void {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new FieldError('url', 'url must be an absolute http(s) address');
    }
    if (url.username || url.password) throw new FieldError('url', 'url must not hold a user name or password');
    if (url.protocol === 'https:') return;
    if (url.protocol === 'http:' && !this.policy.production && LOCAL_HOSTS.has(url.hostname)) return;
    throw new FieldError(
      'url',
      this.policy.production
        ? 'url must use https'
        : 'url must use https (http is allowed only for localhost, outside production)',
    );
  }
}
