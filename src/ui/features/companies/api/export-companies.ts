import type { ApiQuery } from '../../../lib/api-client';
import { exportUrl, type ExportOptions } from '../../../lib/file-format';
import type { CompanyFilters } from './get-companies';

type ExportQuery = ApiQuery<'/api/crm/companies/export', 'get'>;

/** Where the browser downloads the companies matching the list's search and filters. */
export const companiesExportUrl = (filters: CompanyFilters, options: ExportOptions): string =>
  exportUrl('/api/crm/companies/export', { ...filters, ...options } satisfies ExportQuery);
