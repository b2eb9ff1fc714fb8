import type { ApiQuery } from '../../../lib/api-client';
import { exportUrl, type ExportOptions } from '../../../lib/file-format';
import type { ContactFilters } from './get-contacts';

type ExportQuery = ApiQuery<'/api/crm/contacts/export', 'get'>;

/** Where the browser downloads the contacts matching the list's search and filters. */
export const contactsExportUrl = (filters: ContactFilters, options: ExportOptions): string =>
  exportUrl('/api/crm/contacts/export', { ...filters, ...options } satisfies ExportQuery);
