import { describe, expect, it } from 'vitest';
import { ANY, DEFAULT_FORM, fitToEntity, fromDefinition, reportCsv, toDefinition } from '../report-form';

describe('the builder form', () => {
  it('puts back the choices another entity does not allow', () => {
    const deals = {
      ...DEFAULT_FORM,
      measure: 'weightedValue' as const,
      groupBy: 'stage' as const,
      dateField: 'closedAt' as const,
      status: 'won',
      pipeline: 'renewals',
      stage: 'proposal',
    };
    expect(fitToEntity({ ...deals, entity: 'contacts' })).toMatchObject({
      measure: 'count',
      groupBy: 'owner',
      dateField: 'createdAt',
      status: ANY,
      pipeline: ANY,
      stage: ANY,
    });
    expect(fitToEntity({ ...deals, entity: 'activities', groupBy: 'owner' })).toMatchObject({
      measure: 'count',
      groupBy: 'owner',
      status: ANY,
    });
    expect(fitToEntity(deals)).toEqual(deals);
  });

  it('sends only the filters that apply and are set, and reads a saved definition back', () => {
    const values = {
      ...DEFAULT_FORM,
      entity: 'contacts' as const,
      groupBy: 'source' as const,
      period: 'all' as const,
      source: ' Website ',
      status: 'lead',
      stage: 'won',
      ownerId: '7',
    };
    const definition = toDefinition(values);
    expect(definition).toEqual({
      entity: 'contacts',
      measure: 'count',
      groupBy: 'source',
      dateField: 'createdAt',
      periodDays: null,
      chart: 'bar',
      filters: { ownerId: 7, status: 'lead', source: 'Website' },
    });
    expect(toDefinition(fromDefinition(definition, 'n', true))).toEqual(definition);
    expect(toDefinition({ ...DEFAULT_FORM, period: '90' })).toMatchObject({ periodDays: 90, filters: {} });
    const renewals = toDefinition({ ...DEFAULT_FORM, pipeline: 'renewals', stage: 'Fechado' });
    expect(renewals.filters).toEqual({ pipeline: 'renewals', stage: 'Fechado' });
    expect(fromDefinition(renewals, 'n', false)).toMatchObject({ pipeline: 'renewals', stage: 'Fechado' });
  });

  it('writes the view as CSV a spreadsheet opens safely', () => {
    const csv = reportCsv(
      ['Owner', 'Records', 'Value sum'],
      [
        { label: 'Ana; "A"', count: 2, value: '10.50' },
        { label: '=cmd', count: 1, value: null },
      ],
      { label: 'Total', count: 3, value: '10.50' },
    );
    expect(csv).toBe('\uFEFFOwner;Records;Value sum\r\n"Ana; ""A""";2;10,50\r\n"\'=cmd";1;\r\nTotal;3;10,50\r\n');
  });
});
