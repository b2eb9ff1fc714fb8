import { describe, expect, it } from 'vitest';
import { dealTotals } from '../components/contact-deals';

describe('dealTotals', () => {
  it('counts and sums the deals of each kind in cents, so decimal strings add up exactly', () => {
    const totals = dealTotals([
      { deal: { value: '0.10' }, kind: 'open' },
      { deal: { value: '0.20' }, kind: 'open' },
      { deal: { value: '2500.50' }, kind: 'won' },
      { deal: { value: '1000000.99' }, kind: 'won' },
    ]);
    expect(totals).toEqual({
      open: { count: 2, cents: 30 },
      won: { count: 2, cents: 100250149 },
      lost: { count: 0, cents: 0 },
    });
  });

  it('is zero for every kind without deals', () => {
    expect(dealTotals([])).toEqual({
      open: { count: 0, cents: 0 },
      won: { count: 0, cents: 0 },
      lost: { count: 0, cents: 0 },
    });
  });
});
