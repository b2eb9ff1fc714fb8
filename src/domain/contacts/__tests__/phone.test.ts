import { describe, expect, it } from 'vitest';
import { canBePhone, phoneSearch } from '../phone';

describe('canBePhone', () => {
  it.each([
    '(61) 93729-5260',
    '+55 61 93729-5260',
    '61937295260',
    '+1 (415) 555-2671',
    '3322.1100',
    '0800 123 4567',
    '123',
  ])('takes %s', (phone) => {
    expect(canBePhone(phone)).toBe(true);
  });

  it.each(['não tem', 'joao@exemplo.com', '61 3322-1100 ramal 25', 'N/A', 'x'])('refuses %s (letters)', (phone) => {
    expect(canBePhone(phone)).toBe(false);
  });
});

describe('phoneSearch', () => {
  it.each(['+55 61 93729-5260', '61937295260', '937295260', '93729-5260', '(61) 9372-5260', '729526'])(
    'looks for %s among the phones',
    (text) => {
      expect(phoneSearch(text)).toBe(text);
    },
  );

  it.each(['72952', '9372-5', 'joão 937295260', 'p937295260@exemplo', ''])(
    'does not for %s (fewer than 6 digits, or letters)',
    (text) => {
      expect(phoneSearch(text)).toBeUndefined();
    },
  );
});
