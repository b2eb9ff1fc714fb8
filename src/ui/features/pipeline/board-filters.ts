import { customFieldParams } from '../../components/records/custom-field-filters';
import { DEFAULT_PIPELINE, pipelineParam } from '../../lib/api/get-stages';
import type { User } from '../../lib/session';
import type { BoardFilters } from './api/get-board';
import { localDay } from './board-position';
import { parseMoney } from './money';

export const CLOSE_WINDOWS = ['7', '30', '90'] as const;
/** The URL's filters behind the filter row's toggle. */
export const FOLDED_FILTERS = ['close', 'min', 'max', 'contact'];

/** The URL's pipeline (the default one unless named): the board's, kept by the filters' clearing. */
export const pipelineOf = (params: URLSearchParams): string => pipelineParam(params) ?? DEFAULT_PIPELINE;

/** Whether the URL filters the board: any parameter but the pipeline it shows and the deal open in it. */
export const hasBoardFilters = (params: URLSearchParams): boolean =>
  [...params.keys()].some((key) => key !== 'pipeline' && key !== 'deal');

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
