import { customFieldParams } from '../../components/records/custom-field-filters';
import { idParam, textParam, useUrlFilters } from '../../lib/hooks/use-url-filters';
import { CONTACT_SORTS, CONTACT_STATUSES, type ContactFilters, type ContactStatus } from './api/get-contacts';

export type FilterName = keyof ContactFilters;

/** A score bound from the URL: a whole number from 0 to 100, else no bound. */
function scoreParam(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const score = Number(value);
  return Number.isInteger(score) && score >= 0 && score <= 100 ? score : undefined;
}

function parseContactFilters(params: URLSearchParams): ContactFilters {
  const status = params.get('status');
  return {
    search: textParam(params.get('search')),
    status: CONTACT_STATUSES.includes(status as ContactStatus) ? (status as ContactStatus) : undefined,
    tag: textParam(params.get('tag')),
    owner: idParam(params.get('owner')),
    source: textParam(params.get('source')),
    scoreMin: scoreParam(params.get('scoreMin')),
    scoreMax: scoreParam(params.get('scoreMax')),
    // A custom field's filter, as the URL names it: the server reads it as its field's type (400 for a stale one).
    ...customFieldParams(params),
    // The order: a column, or a custom field the server checks (400 for a stale one); none: newest first.
    ...sortParams(params),
  };
}

/** `sort` (a column or `customFields.<key>`) and `order` from the URL; an order without a sort means nothing. */
function sortParams(params: URLSearchParams): Pick<ContactFilters, 'sort' | 'order'> {
  const sort = params.get('sort') ?? '';
  const known =
    (CONTACT_SORTS as readonly string[]).includes(sort) || /^customFields\.[a-z][a-zA-Z0-9_]{0,39}$/.test(sort);
  if (!known) return {};
  return { sort, order: params.get('order') === 'desc' ? 'desc' : undefined };
}

/** Not filters: the list's order (kept when filters are counted or shown as chips). */
export const ORDER_PARAMS: readonly FilterName[] = ['sort', 'order'];

/** The list's search and filters, kept in the URL (?search=&status=&tag=&owner=&source=&scoreMin=&scoreMax=&customFields.<key>=) so reload, back and links keep them. */
export const useContactFilters = () => useUrlFilters(parseContactFilters);
