import { createHmac } from 'node:crypto';

/** What an endpoint can ask for. The database raises them (migration 20261204160000_create_webhooks). */
export const WEBHOOK_EVENTS = [
  'contact.created',
  'contact.updated',
  'contact.deleted',
  'company.created',
  'company.updated',
  'company.deleted',
  'deal.created',
  'deal.updated',
  'deal.deleted',
  'deal.stage_changed',
  'deal.won',
  'deal.lost',
  'activity.created',
  'activity.updated',
  'activity.deleted',
  'note.created',
  'note.updated',
  'note.deleted',
  'import.completed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** Sent by "send test event" to one endpoint, whatever it asks for. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The secret's prefix: `whsec_` and 32 random bytes, base64url. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOKS_MAX = 20;
/** One try waits this long for the answer's status and first kilobyte. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Retries stop this long after the event: the delivery then shows as failed. */
export const RETRY_WINDOW_MS = 24 * 3600_000;
/** An endpoint whose every delivery failed for this long is turned off and its admins told. */
export const DISABLE_AFTER_MS = 24 * 3600_000;
/** The first bytes of an answer kept in the delivery log. */
export const RESPONSE_KEPT_BYTES = 1024;
/** Finished deliveries are kept this long in the log, then deleted with events no delivery needs any more. */
export const DELIVERY_LOG_DAYS = 30;
/** The reason an endpoint turned off by the system shows. */
export const DISABLED_FAILING = 'failing';

export interface WebhookEndpoint {
  id: number;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  active: boolean;
  /** Why the system turned it off (`failing`: 24 h of failed deliveries); null when a person did, or it is on. */
  disabledReason: string | null;
  /** When the current run of failed deliveries began; null after a success. */
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewWebhookEndpoint {
  url: string;
  description: string | null;
  events: WebhookEventType[];
  active: boolean;
  secret: string;
  createdBy: number;
}

export type WebhookEndpointChanges = Partial<Pick<WebhookEndpoint, 'url' | 'description' | 'events' | 'active'>>;

export interface WebhookDelivery {
  id: number;
  eventId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  responseCode: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number | null;
  createdAt: Date;
}

/** What is sent: the same id, type, time and data on every try. */
export interface WebhookEvent {
  id: string;
  type: string;
  occurredAt: Date;
  data: Record<string, unknown>;
}

/** A claimed delivery with what it takes to send it. */
export interface DeliveryToSend {
  id: number;
  attempts: number;
  createdAt: Date;
  endpoint: { id: number; url: string; secret: string };
  event: WebhookEvent;
}

/** How one try went: the answer's status and first kilobyte, or why there was none. */
export interface SendResult {
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
}

/** `v1=` and the hex HMAC-SHA256 of "timestamp.body" with the endpoint's secret. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** A 2xx is delivered; a network error, a 5xx or a 429 is tried again; any other answer is final. */
export function outcomeOf(result: SendResult): 'succeeded' | 'retry' | 'failed' {
  if (result.status === null) return 'retry';
  if (result.status >= 200 && result.status < 300) return 'succeeded';
  return result.status >= 500 || result.status === 429 ? 'retry' : 'failed';
}

/** Before try n+1 (n tries made): 30 s, 1 min, 2 min... doubling up to an hour between tries. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3600_000);
}

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The request body: the record's columns named as the API names them (custom field keys kept as they are). */
export function webhookBody(event: WebhookEvent): string {
  const { record, ...data } = event.data;
  const named =
    record && typeof record === 'object'
      ? Object.fromEntries(Object.entries(record).map(([key, value]) => [camel(key), value]))
      : (record ?? null);
  return JSON.stringify({
    id: event.id,
    type: event.type,
    occurredAt: event.occurredAt.toISOString(),
    data: { ...data, record: named },
  });
}
