import { describe, expect, it } from 'vitest';
import { amountText, parseAmount } from '../goal-amount';

describe('a goal typed in the goals tab', () => {
  it.each([
    ['15000', 15000],
    ['15.000', 15000],
    ['1.234.567', 1234567],
    ['15.000,50', 15000.5],
    ['R$ 1.234,56', 1234.56],
    ['15000.5', 15000.5],
    ['15000,05', 15000.05],
    ['0', 0],
    ['999.999.999.999,99', 999999999999.99],
  ])('reads %s as %d', (text, value) => expect(parseAmount(text)).toBe(value));

  it.each(['', 'cinco mil', '-100', '1,234,56', '15.00.0', '1.5.000', '15000,123', '1.000.000.000.000,00'])(
    'refuses %j',
    (text) => expect(parseAmount(text)).toBeNull(),
  );

  it('shows a saved goal the way it is typed back', () => {
    expect(amountText(15000).replace(/\u00a0/g, ' ')).toBe('15.000,00');
    expect(parseAmount(amountText(1234567.8))).toBe(1234567.8);
  });
});
