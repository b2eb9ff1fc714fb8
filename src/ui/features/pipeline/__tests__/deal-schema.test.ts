import { describe, expect, it } from 'vitest';
import { dealSchema, moneyInput, parseMoney } from '../deal-schema';

const t = (key: string) => key;
const valid = {
  title: 'Licenças',
  value: '',
  pipeline: 'default',
  stage: 'prospecting',
  probability: 10,
  probabilityManual: true,
  expectedCloseDate: '',
  companyId: null,
  contacts: [],
  ownerId: 1,
  notes: '',
  lostReason: '',
  lost: false,
};

describe('deal form values', () => {
  it('reads money as people type it in pt-BR, or as the API writes it', () => {
    expect(parseMoney('1.234,56')).toBe('1234.56');
    expect(parseMoney('R$ 1.234,5')).toBe('1234.5');
    expect(parseMoney('1234,56')).toBe('1234.56');
    expect(parseMoney('1234.56')).toBe('1234.56');
    expect(parseMoney('1.500')).toBe('1500');
    expect(parseMoney('9.999.999.999,99')).toBe('9999999999.99');
  });

  it('refuses what is no amount of money', () => {
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('abc')).toBeNull();
    expect(parseMoney('-5')).toBeNull();
    expect(parseMoney('1,234')).toBeNull();
    expect(parseMoney('99.999.999.999,00')).toBeNull();
  });

  it('shows the API value with a decimal comma', () => {
    expect(moneyInput('1500.00')).toBe('1500,00');
    expect(moneyInput(null)).toBe('');
  });

  it('sends 0 for an empty value, 0 for a probability that is no number, and null for no date', () => {
    const out = dealSchema(t).parse({ ...valid, probability: Number.NaN });
    expect(out).toMatchObject({ value: '0', probability: 0, expectedCloseDate: null, notes: null });
  });

  it("sends the probability set by hand, and null (the stage's, following it) when not", () => {
    expect(dealSchema(t).parse({ ...valid, probability: 60 }).probability).toBe(60);
    expect(dealSchema(t).parse({ ...valid, probability: 60, probabilityManual: false }).probability).toBeNull();
  });

  it('asks for a reason when the stage is a lost one, and for a title', () => {
    const result = dealSchema(t).safeParse({ ...valid, title: ' ', lost: true, value: 'x' });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['title', 'validation.required'],
        ['value', 'dealForm.invalidValue'],
      ]),
    );
    const lost = dealSchema(t).safeParse({ ...valid, lost: true });
    expect(lost.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['lostReason', 'dealForm.lostReasonRequired'],
    ]);
  });
});
