import { describe, expect, it } from 'vitest';
import { addMonths, formatMonth, monthOf, monthTitle } from '../month';

describe('months as the goals name them', () => {
  it('moves across the years', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(addMonths('2026-03', -24)).toBe('2024-03');
  });

  it("is the viewer's month of a date", () => expect(monthOf(new Date(2026, 10, 30, 23, 59))).toBe('2026-11'));

  it('is named in the language', () => {
    expect(formatMonth('2026-11', 'pt')).toBe('novembro de 2026');
    expect(formatMonth('2026-11', 'en')).toBe('November 2026');
    expect(monthTitle('2026-03', 'pt')).toBe('Março de 2026');
  });
});
