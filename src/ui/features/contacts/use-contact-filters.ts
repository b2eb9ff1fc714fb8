import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CONTACT_STATUSES, type ContactFilters, type ContactStatus } from './api/get-contacts';

export type FilterName = keyof ContactFilters;

/** A score bound from the URL: a whole number from 0 to 100, else no bound. */
function scoreParam(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const score = Number(value);
  return Number.isInteger(score) && score >= 0 && score <= 100 ? score : undefined;
}

/** The list's search and filters, kept in the URL (?search=&status=&tag=&owner=&source=&scoreMin=&scoreMax=) so reload, back and links keep them. */
export function useContactFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<ContactFilters>(() => {
    const status = params.get('status');
    const owner = Number(params.get('owner'));
    return {
      search: params.get('search')?.trim() || undefined,
      status: CONTACT_STATUSES.includes(status as ContactStatus) ? (status as ContactStatus) : undefined,
      tag: params.get('tag')?.trim() || undefined,
      owner: Number.isInteger(owner) && owner > 0 ? owner : undefined,
      source: params.get('source')?.trim() || undefined,
      scoreMin: scoreParam(params.get('scoreMin')),
      scoreMax: scoreParam(params.get('scoreMax')),
    };
  }, [params]);

  /** Sets (or, with undefined, removes) one filter; typing in the search box replaces the history entry. */
  const setFilter = useCallback(
    (name: FilterName, value: string | number | undefined, options: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === undefined || value === '') next.delete(name);
          else next.set(name, String(value));
          return next;
        },
        { replace: options.replace },
      ),
    [setParams],
  );

  /** Sets several at once (one history entry): the score range. */
  const setFilters = useCallback(
    (values: Partial<Record<FilterName, string | number | undefined>>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(values)) {
          if (value === undefined || value === '') next.delete(name);
          else next.set(name, String(value));
        }
        return next;
      }),
    [setParams],
  );

  const clearFilters = useCallback(() => setParams(new URLSearchParams()), [setParams]);

  const active = (Object.keys(filters) as FilterName[]).filter((name) => filters[name] !== undefined);
  return { filters, setFilter, setFilters, clearFilters, active };
}
