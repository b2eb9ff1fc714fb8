import { describe, expect, it } from 'vitest';
import { outcomeOf, retryDelayMs, webhookBody, webhookSignature } from '../webhook';
import { WebhooksService } from '../webhooks.service';

const service = (production: boolean) =>
  new WebhooksService(
    { count: async () => 0, create: async (values: object) => ({ id: 1, ...values }) } as never,
    {} as never,
    { production },
    {} as never,
    {} as never,
    { now: () => new Date() },
    { warn: () => {} },
  );
const admin = { id: 1, role: 'admin' } as never;

describe('webhook endpoints', () => {
  it('take https anywhere, http only to localhost and only outside production, and never a user or password', async () => {
    for (const url of ['http://localhost:3000/x', 'http://127.0.0.1/x', 'http://example.com/x', 'ftp://example.com/x'])
      await expect(service(true).create(admin, { url, events: ['deal.won'] }), url).rejects.toMatchObject({
        code: 'REQUEST.VALIDATION_FAILED',
        details: [{ path: 'url' }],
      });
    await expect(
      service(false).create(admin, { url: 'http://example.com/x', events: ['deal.won'] }),
    ).rejects.toMatchObject({ details: [{ path: 'url' }] });
    await expect(
      service(false).create(admin, { url: 'https://user:pw@example.com/x', events: ['deal.won'] }),
    ).rejects.toMatchObject({ details: [{ path: 'url' }] });
    const local = await service(false).create(admin, {
      url: 'http://localhost:3000/x',
      events: ['deal.won', 'deal.won'],
    });
    expect(local).toMatchObject({ url: 'http://localhost:3000/x', events: ['deal.won'] });
    expect(local.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await expect(
      service(true).create(admin, { url: 'https://hooks.example.com/x', events: ['deal.won'] }),
    ).resolves.toBeDefined();
  });
});

describe('a delivery', () => {
  it('is signed v1= hex HMAC-SHA256 of "timestamp.body" (a vector computed apart, by openssl dgst -hmac)', () => {
    expect(webhookSignature('whsec_test', 1764860400, '{"a":1}')).toBe(
      'v1=482a3cd06eeb9facaef1452774e40efaf940b32cc939c9da6310316e64bfcb4e',
    );
  });

  it('is taken on a 2xx, tried again on no answer, a 5xx or a 429, and ends on any other answer', () => {
    const result = (status: number | null) => ({ status, body: null, error: null, durationMs: 1 });
    expect([200, 204, 299].map((s) => outcomeOf(result(s)))).toEqual(['succeeded', 'succeeded', 'succeeded']);
    expect([null, 500, 503, 429].map((s) => outcomeOf(result(s)))).toEqual(['retry', 'retry', 'retry', 'retry']);
    expect([301, 400, 404, 410].map((s) => outcomeOf(result(s)))).toEqual(['failed', 'failed', 'failed', 'failed']);
  });

  it('waits 30 s, then twice as long each time, at most an hour', () => {
    expect([1, 2, 3, 4, 8, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 3600_000, 3600_000]);
  });

  it('names the record as the API does and keeps custom field keys', () => {
    const body = JSON.parse(
      webhookBody({
        id: 'e1',
        type: 'contact.created',
        occurredAt: new Date('2026-12-04T12:00:00Z'),
        data: { object: 'contact', record: { owner_id: 3, custom_fields: { cliente_desde: '2020' } } },
      }),
    );
    expect(body).toEqual({
      id: 'e1',
      type: 'contact.created',
      occurredAt: '2026-12-04T12:00:00.000Z',
      data: { object: 'contact', record: { ownerId: 3, customFields: { cliente_desde: '2020' } } },
    });
  });
});
