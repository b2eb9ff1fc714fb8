import type { ApiQuery } from '../../../lib/api-client';

type ExportQuery = Required<ApiQuery<'/api/crm/reports/export', 'get'>>;
export type ReportExportView = ExportQuery['view'];

/**
 * Where the browser downloads the current view as CSV: a plain GET with the session cookie; the server writes
 * the file (labels in the screen's language, semicolons for Excel in Portuguese, commas otherwise).
 */
export function reportExportUrl(query: Omit<ExportQuery, 'separator'>): string {
  const separator: ExportQuery['separator'] = query.lang === 'pt' ? 'semicolon' : 'comma';
  const params = new URLSearchParams({ ...query, period: String(query.period), separator });
  return `/api/crm/reports/export?${params}`;
}
