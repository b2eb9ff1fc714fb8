import { describe, expect, it } from 'vitest';
import { deriveInitials } from '../user';

describe('deriveInitials', () => {
  it.each([
    ['Gonçalo Rodrigues', 'GR'],
    ['ana maria da silva', 'AS'],
    ['  Paula  ', 'P'],
    ['Élodie (Lô) Ñúñez', 'ÉÑ'],
    ['José 2º', 'J2'],
    ['- Ígor -', 'Í'],
    ['Gonc\u0327alo c\u0327arvalho', 'GÇ'],
  ])('takes the first letters of the first and last words of %j: %s', (name, initials) => {
    expect(deriveInitials(name, 'someone')).toBe(initials);
  });

  it('falls back to the username when the name has no letter or digit', () => {
    expect(deriveInitials('— ·', '.joana')).toBe('J');
  });
});
