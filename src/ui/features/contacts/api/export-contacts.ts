import type { ApiQuery } from '../../../lib/api-client';
import type { ContactFilters } from './get-contacts';

type ExportQuery = ApiQuery<'/api/crm/contacts/export', 'get'>;
/** How the file is written (the query without the list's filters). */
export type ExportOptions = Pick<ExportQuery, 'format' | 'lang' | 'tz' | 'separator'>;

/**
 * Where the browser downloads the contacts matching the list's search and filters. A plain GET the browser follows
 * with the session cookie: the server streams the file, so 100,000 contacts never pass through JavaScript.
 */
export function contactsExportUrl(filters: ContactFilters, options: ExportOptions): string {
  const query: ExportQuery = { ...filters, ...options };
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(name, String(value));
  return `/api/crm/contacts/export?${params}`;
}
