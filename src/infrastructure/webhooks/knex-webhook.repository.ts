import { inject, injectable } from 'inversify';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type {
  DeliveryToSend,
  NewWebhookEndpoint,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointChanges,
} from '../../domain/webhooks/webhook';
import type { AttemptRecord, WebhookRepository } from '../../domain/webhooks/webhooks.ports';
import { RESPONSE_KEPT_BYTES } from '../../domain/webhooks/webhook';
import { plain, tableModel } from '../db/base.model';
import { keysetPage } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';

const EndpointModel = tableModel('webhookEndpoints');
const DeliveryModel = tableModel('webhookDeliveries');

/** Never the secret: what the list and the settings screen show. */
const ENDPOINT_COLUMNS = [
  'id',
  'url',
  'description',
  'events',
  'active',
  'disabledReason',
  'failingSince',
  'createdAt',
  'updatedAt',
].map((c) => `webhookEndpoints.${c}`);

const DELIVERY_SELECT = `d.id, d.event_id AS "eventId", e.type AS "eventType", d.status, d.attempts,
  d.next_attempt_at AS "nextAttemptAt", d.last_attempt_at AS "lastAttemptAt", d.response_code AS "responseCode",
  d.response_body AS "responseBody", d.error, d.duration_ms AS "durationMs", d.created_at AS "createdAt"`;

/** A claimed delivery with its endpoint's address and secret and its event. */
const TO_SEND = `d.id, d.attempts, d.created_at AS "createdAt", w.id AS "endpointId", w.url, w.secret,
  e.id AS "eventId", e.type, e.occurred_at AS "occurredAt", e.data`;

interface ToSendRow {
  id: number;
  attempts: number;
  createdAt: Date;
  endpointId: number;
  url: string;
  secret: string;
  eventId: string;
  type: string;
  occurredAt: Date;
  data: Record<string, unknown>;
}

const toSend = (row: ToSendRow): DeliveryToSend => ({
  id: row.id,
  attempts: row.attempts,
  createdAt: row.createdAt,
  endpoint: { id: row.endpointId, url: row.url, secret: row.secret },
  event: { id: row.eventId, type: row.type, occurredAt: row.occurredAt, data: row.data },
});

/** The first kilobyte of a text, cut on a character. */
function firstBytes(text: string | null): string | null {
  if (text === null) return null;
  const bytes = Buffer.from(text);
  return bytes.length <= RESPONSE_KEPT_BYTES
    ? text
    : bytes
        .subarray(0, RESPONSE_KEPT_BYTES)
        .toString()
        .replace(/\uFFFD$/, '');
}

@injectable()
export class KnexWebhookRepository implements WebhookRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  async count(): Promise<number> {
    return EndpointModel.query(this.uow.db).resultSize();
  }

  async create(values: NewWebhookEndpoint): Promise<WebhookEndpoint> {
    const [row] = await this.uow.db('webhookEndpoints').insert(values).returning(ENDPOINT_COLUMNS);
    return plain<WebhookEndpoint>(row);
  }

  async findById(id: number): Promise<WebhookEndpoint | undefined> {
    const row = await EndpointModel.query(this.uow.db).select(ENDPOINT_COLUMNS).findById(id);
    return row && plain<WebhookEndpoint>(row);
  }

  async list(): Promise<WebhookEndpoint[]> {
    const rows = await EndpointModel.query(this.uow.db).select(ENDPOINT_COLUMNS).orderBy('id', 'desc');
    return rows.map((row) => plain<WebhookEndpoint>(row));
  }

  async update(id: number, changes: WebhookEndpointChanges, at: Date): Promise<WebhookEndpoint | undefined> {
    const [row] = await EndpointModel.query(this.uow.db)
      .patch({
        ...changes,
        ...(changes.active === true && { disabledReason: null, failingSince: null }),
        updatedAt: at,
      })
      .where('id', id)
      .returning(ENDPOINT_COLUMNS);
    return row && plain<WebhookEndpoint>(row);
  }

  async delete(id: number): Promise<boolean> {
    // RETURNING, not the driver's row count (the embedded database's driver does not give it).
    return (await this.uow.db('webhookEndpoints').where({ id }).delete().returning('id')).length > 0;
  }

  /** webhook_deliveries_endpoint_index. */
  deliveries(endpointId: number, page: PageRequest): Promise<Page<WebhookDelivery>> {
    const query = DeliveryModel.query(this.uow.db)
      .alias('d')
      .select(this.uow.db.raw(DELIVERY_SELECT))
      .join('webhookEvents as e', 'e.id', 'd.eventId')
      .where('d.endpointId', endpointId);
    return keysetPage(query, page, (row) => plain<WebhookDelivery>(row), { columns: ['d.id'], direction: 'desc' });
  }

  async findDelivery(endpointId: number, id: number): Promise<WebhookDelivery | undefined> {
    const { rows } = (await this.uow.db.raw(
      `SELECT ${DELIVERY_SELECT} FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
       WHERE d.id = ? AND d.endpoint_id = ?`,
      [id, endpointId],
    )) as { rows: WebhookDelivery[] };
    return rows[0];
  }

  async addEvent(endpointId: number, type: string, data: Record<string, unknown>): Promise<number> {
    const { rows } = (await this.uow.db.raw(
      `WITH e AS (INSERT INTO webhook_events (type, data) VALUES (?, ?::jsonb) RETURNING id)
       INSERT INTO webhook_deliveries (endpoint_id, event_id, next_attempt_at) SELECT ?, e.id, now() FROM e RETURNING id`,
      [type, JSON.stringify(data), endpointId],
    )) as { rows: { id: number }[] };
    return rows[0].id;
  }

  async redeliver(deliveryId: number): Promise<WebhookDelivery> {
    const { rows } = (await this.uow.db.raw(
      `WITH d AS (
         INSERT INTO webhook_deliveries (endpoint_id, event_id, next_attempt_at)
         SELECT endpoint_id, event_id, now() FROM webhook_deliveries WHERE id = ? RETURNING *
       )
       SELECT ${DELIVERY_SELECT} FROM d JOIN webhook_events e ON e.id = d.event_id`,
      [deliveryId],
    )) as { rows: WebhookDelivery[] };
    return rows[0];
  }

  /** webhook_deliveries_due_index; SKIP LOCKED lets two workers' scans share the work. */
  async claimDue(now: Date, holdUntil: Date, limit: number): Promise<number[]> {
    const { rows } = (await this.uow.db.raw(
      `UPDATE webhook_deliveries SET claimed_until = ?
       WHERE id IN (
         SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id AND w.active
         WHERE d.status = 'pending' AND d.next_attempt_at <= ? AND (d.claimed_until IS NULL OR d.claimed_until < ?)
         ORDER BY d.next_attempt_at, d.id
         LIMIT ? FOR UPDATE OF d SKIP LOCKED
       )
       RETURNING id`,
      [holdUntil, now, now, limit],
    )) as { rows: { id: number }[] };
    return rows.map((row) => row.id).sort((a, b) => a - b);
  }

  async claim(id: number, now: Date, holdUntil: Date): Promise<DeliveryToSend | undefined> {
    const { rows } = (await this.uow.db.raw(
      `WITH d AS (
         UPDATE webhook_deliveries SET claimed_until = ?
         WHERE id = ? AND status = 'pending' AND (claimed_until IS NULL OR claimed_until < ?)
         RETURNING *
       )
       SELECT ${TO_SEND} FROM d JOIN webhook_endpoints w ON w.id = d.endpoint_id JOIN webhook_events e ON e.id = d.event_id`,
      [holdUntil, id, now],
    )) as { rows: ToSendRow[] };
    return rows[0] && toSend(rows[0]);
  }

  async claimed(ids: number[], holdUntil: Date): Promise<DeliveryToSend[]> {
    const { rows } = (await this.uow.db.raw(
      `SELECT ${TO_SEND} FROM webhook_deliveries d
       JOIN webhook_endpoints w ON w.id = d.endpoint_id JOIN webhook_events e ON e.id = d.event_id
       WHERE d.id = ANY (?::bigint[]) AND d.status = 'pending' AND d.claimed_until = ?`,
      [ids, holdUntil],
    )) as { rows: ToSendRow[] };
    return rows.map(toSend);
  }

  async recordAttempt(id: number, attempt: AttemptRecord): Promise<WebhookDelivery> {
    const { rows } = (await this.uow.db.raw(
      `WITH d AS (
         UPDATE webhook_deliveries SET status = ?, attempts = attempts + 1, next_attempt_at = ?, claimed_until = NULL,
           last_attempt_at = ?, response_code = ?, response_body = ?, error = ?, duration_ms = ?
         WHERE id = ? RETURNING *
       )
       SELECT ${DELIVERY_SELECT} FROM d JOIN webhook_events e ON e.id = d.event_id`,
      [
        attempt.status,
        attempt.nextAttemptAt,
        attempt.at,
        attempt.result.status,
        firstBytes(attempt.result.body),
        attempt.result.error,
        Math.round(attempt.result.durationMs),
        id,
      ],
    )) as { rows: WebhookDelivery[] };
    return rows[0];
  }

  async endpointSucceeded(endpointId: number): Promise<void> {
    await EndpointModel.query(this.uow.db)
      .patch({ failingSince: null })
      .where('id', endpointId)
      .whereNotNull('failingSince');
  }

  async endpointFailed(endpointId: number, at: Date, disableBefore: Date, reason: string): Promise<boolean> {
    const { rows } = (await this.uow.db.raw(
      `WITH old AS (SELECT id, active, coalesce(failing_since, ?) AS since FROM webhook_endpoints WHERE id = ? FOR UPDATE)
       UPDATE webhook_endpoints w SET failing_since = old.since,
         active = old.active AND old.since > ?,
         disabled_reason = CASE WHEN old.active AND old.since <= ? THEN ? ELSE w.disabled_reason END,
         updated_at = CASE WHEN old.active AND old.since <= ? THEN ? ELSE w.updated_at END
       FROM old WHERE w.id = old.id
       RETURNING old.active AND NOT w.active AS "off"`,
      [at, endpointId, disableBefore, disableBefore, reason, disableBefore, at],
    )) as { rows: { off: boolean }[] };
    return rows[0]?.off === true;
  }

  async purge(before: Date): Promise<number> {
    const { rows } = (await this.uow.db.raw(
      `WITH gone AS (DELETE FROM webhook_deliveries WHERE created_at < ? AND status <> 'pending' RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [before],
    )) as { rows: { n: number }[] };
    await this.uow.db.raw(
      `DELETE FROM webhook_events e WHERE e.occurred_at < ?
       AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)`,
      [before],
    );
    return rows[0].n;
  }

  async adminIds(): Promise<number[]> {
    const rows: { id: number }[] = await this.uow
      .db('users')
      .where({ role: 'admin' })
      .whereNull('disabledAt')
      .select('id')
      .orderBy('id');
    return rows.map((row) => row.id);
  }
}
