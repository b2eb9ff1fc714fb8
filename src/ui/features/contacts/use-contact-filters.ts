import { customFieldParams } from '../../components/records/custom-field-filters';
import { sortParams } from '../../components/records/list-sort';
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
    ...sortParams(params, CONTACT_SORTS),
  };
}

/** The list's search and filters, kept in the URL (?search=&status=&tag=&owner=&source=&scoreMin=&scoreMax=&customFields.<key>=) so reload, back and links keep them. */
export const useContactFilters = () => useUrlFilters(parseContactFilters);
