import { describe, expect, it } from 'vitest';
import { paramsOfView, parseColumns, sameViewState, viewStateOf, withoutStale } from '../view-params';

const view = {
  id: 7,
  filters: { status: 'lead', scoreMin: 40, 'customFields.region': 'sul' },
  sort: { column: 'score', order: 'desc' as const },
  layout: 'table' as const,
  columns: [{ key: 'name', width: 240 }, { key: 'customFields.region' }, { key: 'email' }],
  warnings: [],
};

describe('a saved view and the URL', () => {
  it('writes a view into the URL and reads the same state back, unmodified', () => {
    const params = paramsOfView(view, 'cards');
    expect(params.toString()).toBe(
      'view=7&status=lead&scoreMin=40&customFields.region=sul&sort=score&order=desc&layout=table&columns=name%3A240%2CcustomFields.region%2Cemail',
    );
    const state = viewStateOf(params, 'cards');
    expect(state).toEqual({
      ...view,
      id: undefined,
      warnings: undefined,
      filters: { ...view.filters, scoreMin: '40' },
    });
    expect(sameViewState(state, view)).toBe(true);
  });

  it('sees any change as modified: a filter, the order, the layout, a column or its width', () => {
    const base = paramsOfView(view, 'cards');
    const changed = (edit: (p: URLSearchParams) => void) => {
      const params = new URLSearchParams(base);
      edit(params);
      return sameViewState(viewStateOf(params, 'cards'), view);
    };
    expect(changed((p) => p.set('status', 'customer'))).toBe(false);
    expect(changed((p) => p.delete('order'))).toBe(false);
    expect(changed((p) => p.delete('layout'))).toBe(false);
    expect(changed((p) => p.set('columns', 'name:240,email'))).toBe(false);
    expect(changed((p) => p.set('columns', 'name:260,customFields.region,email'))).toBe(false);
    // The order of the query's parameters is no change, nor that of the sort's keys (jsonb keeps its own).
    expect(changed((p) => p.sort())).toBe(true);
    expect(sameViewState(viewStateOf(base, 'cards'), { ...view, sort: { order: 'desc', column: 'score' } })).toBe(true);
  });

  it("leaves out what the view names that the list no longer has (its warnings' paths)", () => {
    const stale = {
      ...view,
      warnings: [{ path: 'filters.customFields.region' }, { path: 'sort.column' }, { path: 'columns.1.key' }],
    };
    expect(paramsOfView(stale, 'cards').toString()).toBe(
      'view=7&status=lead&scoreMin=40&layout=table&columns=name%3A240%2Cemail',
    );
  });

  it('takes the stale parts out of a URL that still holds them, by name: no change, and nothing stale to save', () => {
    const stale = {
      ...view,
      sort: { column: 'customFields.region', order: 'asc' as const },
      warnings: [{ path: 'filters.customFields.region' }, { path: 'sort.column' }, { path: 'columns.1.key' }],
    };
    // A URL from before the field was retired, with a column moved since.
    const url = viewStateOf(
      new URLSearchParams('view=7&status=lead&scoreMin=40&customFields.region=sul&sort=score&order=desc&layout=table'),
      'cards',
    );
    url.sort = { column: 'score', order: 'desc' };
    url.columns = [{ key: 'customFields.region' }, { key: 'name', width: 240 }, { key: 'email' }];
    const kept = withoutStale(url, stale);
    expect(kept.filters).toEqual({ status: 'lead', scoreMin: '40' });
    expect(kept.columns).toEqual([{ key: 'name', width: 240 }, { key: 'email' }]);
    // The view's order was the stale field's: this URL's order is another, and stays.
    expect(kept.sort).toEqual({ column: 'score', order: 'desc' });
    expect(withoutStale({ ...url, sort: { column: 'customFields.region', order: 'asc' } }, stale).sort).toBeNull();
  });

  it('reads widths of 60 to 800 px and ignores others', () => {
    expect(parseColumns('name:59,email:800,phone:1200,score')).toEqual([
      { key: 'name:59' },
      { key: 'email', width: 800 },
      { key: 'phone:1200' },
      { key: 'score' },
    ]);
  });
});
