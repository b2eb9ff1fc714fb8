import { customFieldParams } from '../../components/records/custom-field-filters';
import { idParam, textParam, useUrlFilters } from '../../lib/hooks/use-url-filters';
import { COMPANY_SORTS, UFS, type CompanyFilters, type Uf } from './api/get-companies';
import { sortParams } from '../../components/records/list-sort';

export type CompanyFilterName = keyof CompanyFilters;

/** The filters in the URL, what is not valid dropped (a UF in any case is taken upper case). */
export function parseCompanyFilters(params: URLSearchParams): CompanyFilters {
  const uf = params.get('uf')?.trim().toUpperCase();
  return {
    search: textParam(params.get('search')),
    segment: textParam(params.get('segment')),
    owner: idParam(params.get('owner')),
    tag: textParam(params.get('tag')),
    city: textParam(params.get('city')),
    uf: UFS.includes(uf as Uf) ? (uf as Uf) : undefined,
    ...customFieldParams(params),
    // The order: a column, or a custom field the server checks (400 for a stale one); none: newest first.
    ...sortParams(params, COMPANY_SORTS),
  };
}

/** The list's search and filters, kept in the URL (?search=&segment=&owner=&tag=&city=&uf=&customFields.<key>=). */
export const useCompanyFilters = () => useUrlFilters(parseCompanyFilters);
