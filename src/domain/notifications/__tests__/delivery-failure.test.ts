import { describe, expect, it } from 'vitest';
import { deliveryFailureReason } from '../delivery-failure';

describe('deliveryFailureReason', () => {
  it('keeps an SMTP reply code and drops the server text', () => {
    expect(
      deliveryFailureReason(
        Object.assign(new Error('550 5.1.1 <ana@internal.example>: user unknown'), { responseCode: 550 }),
      ),
    ).toBe('smtp 550');
  });

  it('says the mail server could not be reached, without its host', () => {
    expect(
      deliveryFailureReason(Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:587'), { code: 'ECONNREFUSED' })),
    ).toBe('mail server unreachable');
  });

  it("reads a batch's first failure from its cause", () => {
    const first = Object.assign(new Error('451 Try again later'), { responseCode: 451 });
    expect(
      deliveryFailureReason(new Error('2 of 6 reminder emails were not sent: 451 Try again later', { cause: first })),
    ).toBe('smtp 451');
  });

  it('gives a generic reason for anything else, such as a database error', () => {
    expect(
      deliveryFailureReason(
        new Error('duplicate key value violates unique constraint "notifications_dedupe_key_unique"'),
      ),
    ).toBe('delivery failed');
    expect(deliveryFailureReason(undefined)).toBe('delivery failed');
  });
});
