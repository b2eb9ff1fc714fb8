import { describe, expect, it } from 'vitest';
import { bucketLabel, describeChange, formatPercent, monthLabel } from '../report-format';
import { parseReportFilters } from '../use-report-filters';

describe('report figures as the screen writes them', () => {
  it('writes a change with its sign and direction, p.p. for a rate, nothing when none can be told', () => {
    expect(describeChange(12.5)).toEqual({ direction: 'up', text: '+12,5%' });
    expect(describeChange(-25)).toEqual({ direction: 'down', text: '−25%' });
    expect(describeChange(-40, true)).toEqual({ direction: 'down', text: '−40 p.p.' });
    expect(describeChange(0)).toEqual({ direction: 'flat', text: '0%' });
    expect(describeChange(null)).toEqual({ direction: 'none', text: null });
  });

  it('labels time buckets by the period', () => {
    expect(bucketLabel('2026-06-08', 30)).toBe('08/06');
    expect(bucketLabel('2026-03-01', 365)).toBe('03/2026');
    expect(monthLabel('2026-07')).toBe('07/2026');
    expect(formatPercent(66.7)).toBe('66,7%');
  });

  it('reads the filters from the URL, falling back on anything unknown', () => {
    expect(parseReportFilters(new URLSearchParams('period=90&category=sales&view=forecast&pipeline=renewals'))).toEqual(
      {
        period: 90,
        category: 'sales',
        view: 'forecast',
        pipeline: 'renewals',
      },
    );
    expect(parseReportFilters(new URLSearchParams('period=14&category=weather&view=nope&pipeline=Not+a+key'))).toEqual({
      period: 30,
      category: 'all',
      view: null,
      pipeline: null,
    });
  });
});
