import type { Page, PageRequest } from '../shared/list-page';
import type {
  DeliveryToSend,
  NewWebhookEndpoint,
  SendResult,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointChanges,
} from './webhook';

/** How a try ended, as the log keeps it. */
export interface AttemptRecord {
  at: Date;
  result: SendResult;
  status: WebhookDeliveryStatus;
  /** When pending: the next try. */
  nextAttemptAt: Date | null;
}

export interface WebhookRepository {
  count(): Promise<number>;
  create(values: NewWebhookEndpoint): Promise<WebhookEndpoint>;
  findById(id: number): Promise<WebhookEndpoint | undefined>;
  /** Newest first. */
  list(): Promise<WebhookEndpoint[]>;
  /** Turning one on clears the system's reason and the run of failures. */
  update(id: number, changes: WebhookEndpointChanges, at: Date): Promise<WebhookEndpoint | undefined>;
  delete(id: number): Promise<boolean>;
  /** Newest first. */
  deliveries(endpointId: number, page: PageRequest): Promise<Page<WebhookDelivery>>;
  findDelivery(endpointId: number, id: number): Promise<WebhookDelivery | undefined>;
  /** An event for one endpoint (a test), with its delivery, due now. */
  addEvent(endpointId: number, type: string, data: Record<string, unknown>): Promise<number>;
  /** A new delivery of the same event to the same endpoint, due now. */
  redeliver(deliveryId: number): Promise<WebhookDelivery>;
  /**
   * Takes up to `limit` pending deliveries due by `now` to active endpoints, and those whose hold ran out, holding
   * them until `holdUntil`; oldest first.
   */
  claimDue(now: Date, holdUntil: Date, limit: number): Promise<number[]>;
  /** Takes one delivery, due or not, whatever its endpoint's state (a test is sent at once); undefined when held. */
  claim(id: number, now: Date, holdUntil: Date): Promise<DeliveryToSend | undefined>;
  /** The deliveries still held by this claim (not sent since by someone else). */
  claimed(ids: number[], holdUntil: Date): Promise<DeliveryToSend[]>;
  /** Records a try and releases the hold. */
  recordAttempt(id: number, attempt: AttemptRecord): Promise<WebhookDelivery>;
  /** A success ends the endpoint's run of failures. */
  endpointSucceeded(endpointId: number): Promise<void>;
  /**
   * A failure starts (or continues) its run of failures; when the run began before `disableBefore`, the endpoint is
   * turned off with `reason`. Returns true when this call turned it off.
   */
  endpointFailed(endpointId: number, at: Date, disableBefore: Date, reason: string): Promise<boolean>;
  /** Deletes finished deliveries created before `before`, then the events no delivery refers to; returns how many deliveries. */
  purge(before: Date): Promise<number>;
  /** The ids of the active admins (told when an endpoint is turned off). */
  adminIds(): Promise<number[]>;
}

/** Sends one request: no redirect followed, at most `timeoutMs`, the address checked when the name resolves. */
export interface WebhookSender {
  send(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<SendResult>;
}

/** The rules a URL and its addresses follow. */
export interface WebhookPolicy {
  /** Production: https only, and no private, loopback or link-local address (checked when the name resolves). */
  production: boolean;
}
