import { customFieldParams } from '../../components/records/custom-field-filters';
import { DEFAULT_PIPELINE, pipelineParam } from '../../lib/api/get-stages';
import type { User } from '../../lib/session';
import type { BoardFilters } from './api/get-board';
import { localDay } from './board-position';
import { moneyInput, parseMoney } from './money';
import { VIEW_STATE_PARAMS, type FilterCodec, type ViewState } from '../../lib/view-params';

export const CLOSE_WINDOWS = ['7', '30', '90'] as const;
/** The URL's filters behind the filter row's toggle. */
export const FOLDED_FILTERS = ['close', 'min', 'max', 'contact'];

/** The URL's pipeline (the default one unless named): the board's, kept by the filters' clearing. */
export const pipelineOf = (params: URLSearchParams): string => pipelineParam(params) ?? DEFAULT_PIPELINE;

/** What the filters' clearing keeps: the pipeline shown, the deal open, the view and the table's order and columns. */
export const BOARD_KEPT = ['pipeline', 'deal', ...VIEW_STATE_PARAMS] as const;

/** Whether the URL filters the board: any parameter but those its clearing keeps. */
export const hasBoardFilters = (params: URLSearchParams): boolean =>
  [...params.keys()].some((key) => !(BOARD_KEPT as readonly string[]).includes(key));

/**
 * The board's URL filters as a saved view keeps them, in the deals list's names: `q` → search, `min`/`max` →
 * valueMin/valueMax, `close=30` → closeWithin (a window that moves with the days), `owner=mine` → the person's id
 * (shown as "mine" again to them), the contact, the pipeline and the custom fields as they are.
 */
export function boardViewCodec(me: Pick<User, 'id'>): FilterCodec {
  const renamed = [
    ['q', 'search'],
    ['contact', 'contact'],
    ['pipeline', 'pipeline'],
  ] as const;
  return {
    kept: ['pipeline'],
    toView: (url) => {
      const filters: ViewState['filters'] = {};
      for (const [from, to] of renamed) if (url[from]) filters[to] = url[from];
      const min = parseMoney(url.min ?? '');
      const max = parseMoney(url.max ?? '');
      if (min !== null) filters.valueMin = min;
      if (max !== null) filters.valueMax = max;
      if ((CLOSE_WINDOWS as readonly (string | undefined)[]).includes(url.close))
        filters.closeWithin = Number(url.close);
      if (url.owner === 'mine') filters.owner = me.id;
      else if (url.owner && /^\d+$/.test(url.owner)) filters.owner = Number(url.owner);
      for (const [name, value] of Object.entries(url)) if (name.startsWith('customFields.')) filters[name] = value;
      return filters;
    },
    toUrl: (filters) => {
      const url: Record<string, string> = {};
      for (const [to, from] of renamed) if (filters[from] !== undefined) url[to] = String(filters[from]);
      if (filters.valueMin !== undefined) url.min = moneyInput(String(filters.valueMin));
      if (filters.valueMax !== undefined) url.max = moneyInput(String(filters.valueMax));
      if (filters.closeWithin !== undefined) url.close = String(filters.closeWithin);
      if (filters.owner !== undefined) url.owner = Number(filters.owner) === me.id ? 'mine' : String(filters.owner);
      for (const [name, value] of Object.entries(filters))
        if (name.startsWith('customFields.')) url[name] = String(value);
      return url;
    },
  };
}

/** The URL's filters (owner=mine|id, contact, min, max, close=days, q) as the API's, with its pipeline. */
export function boardFiltersOf(params: URLSearchParams, me: User): BoardFilters {
  const owner = params.get('owner');
  const contact = Number(params.get('contact'));
  const min = parseMoney(params.get('min') ?? '');
  const max = parseMoney(params.get('max') ?? '');
  const close = params.get('close');
  const q = params.get('q')?.trim();
  return {
    pipeline: pipelineOf(params),
    ...(owner === 'mine' ? { owner: me.id } : owner && /^\d+$/.test(owner) ? { owner: Number(owner) } : {}),
    ...(Number.isInteger(contact) && contact > 0 && { contact }),
    ...(min !== null && { valueMin: min }),
    ...(max !== null && { valueMax: max }),
    ...(close && (CLOSE_WINDOWS as readonly string[]).includes(close) && { closeBy: localDay(Number(close)) }),
    ...(q && { search: q }),
    ...customFieldParams(params),
  };
}
