import { describe, expect, it } from 'vitest';
import { reasonIn } from '../import-reasons';
import { readRow } from '../import-row';

const mapping = { Nome: 'name', Telefone: 'phone' } as const;
const row = (phone: string) => ({ rowNumber: 2, cells: { Nome: 'Ana', Telefone: phone } });

describe('an imported row’s phone', () => {
  it('is refused with its reason when it has letters, as the API refuses it', () => {
    const read = readRow(row('não tem'), mapping);
    expect(read).toEqual({ reason: 'phone: must be a phone number, without letters' });
    expect(reasonIn((read as { reason: string }).reason, 'pt')).toBe('Telefone: deve ser um telefone, sem letras');
  });

  it('is kept as written otherwise', () => {
    for (const phone of ['(61) 93729-5260', '+55 61 93729-5260', '0800 123 4567'])
      expect(readRow(row(phone), mapping)).toEqual({ values: { name: 'Ana', phone } });
  });
});
