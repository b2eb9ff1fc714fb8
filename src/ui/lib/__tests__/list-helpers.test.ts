import { describe, expect, it } from 'vitest';
import { exportUrl } from '../file-format';
import { idParam, textParam } from '../hooks/use-url-filters';

describe('exportUrl', () => {
  it('puts the filters and options in the query, leaving out the empty ones and encoding the rest', () => {
    expect(
      exportUrl('/api/crm/companies/export', {
        search: 'Café & Cia',
        segment: undefined,
        city: '',
        owner: 7,
        format: 'excel',
        tz: 'America/Sao_Paulo',
      }),
    ).toBe('/api/crm/companies/export?search=Caf%C3%A9+%26+Cia&owner=7&format=excel&tz=America%2FSao_Paulo');
  });
});

describe('URL filter parameters', () => {
  it('reads an id as a positive whole number only', () => {
    expect(idParam('12')).toBe(12);
    for (const bad of [null, '', '0', '-3', '1.5', 'abc']) expect(idParam(bad), String(bad)).toBeUndefined();
  });

  it('reads text trimmed, empty as none', () => {
    expect(textParam('  Recife ')).toBe('Recife');
    expect(textParam('   ')).toBeUndefined();
    expect(textParam(null)).toBeUndefined();
  });
});
