import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { VIEW_STATE_PARAMS } from '../view-params';

type FilterValue = string | number | undefined;

/** A list's query parameters that are no filters: its order, layout, table columns and the saved view it came from. */
const KEPT_ON_CLEAR: readonly string[] = VIEW_STATE_PARAMS;

/** Sets (or, with undefined or '', removes) each named parameter of the query. */
function withValues(current: URLSearchParams, values: Record<string, FilterValue>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, String(value));
  }
  return next;
}

/**
 * A list's search and filters, kept in the URL's query so reload, back and links keep them. `parse` (a module-level
 * function) reads them from the query, dropping what is not valid; the setters write them back.
 */
export function useUrlFilters<F extends object>(parse: (params: URLSearchParams) => F) {
  type Name = keyof F & string;
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parse(params), [parse, params]);

  /** Sets (or, with undefined, removes) one filter; typing in the search box replaces the history entry. */
  const setFilter = useCallback(
    (name: Name, value: FilterValue, options: { replace?: boolean } = {}) =>
      setParams((current) => withValues(current, { [name]: value }), { replace: options.replace }),
    [setParams],
  );

  /** Sets several at once (one history entry). */
  const setFilters = useCallback(
    (values: Partial<Record<Name, FilterValue>>) =>
      setParams((current) => withValues(current, values as Record<string, FilterValue>)),
    [setParams],
  );

  // The list's order, layout, columns and view are no filters: clearing the filters keeps them.
  const clearFilters = useCallback(
    () => setParams((current) => new URLSearchParams([...current].filter(([name]) => KEPT_ON_CLEAR.includes(name)))),
    [setParams],
  );

  const active = (Object.keys(filters) as Name[]).filter((name) => filters[name] !== undefined);
  return { filters, setFilter, setFilters, clearFilters, active };
}

/** A positive whole number from the query (a record's id), else none. */
export function idParam(value: string | null): number | undefined {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : undefined;
}

/** Trimmed text from the query; empty is none. */
export const textParam = (value: string | null): string | undefined => value?.trim() || undefined;
