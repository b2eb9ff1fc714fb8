import type { ApiQuery } from '../../../lib/api-client';
import { spreadsheetQuery } from '../../../lib/file-format';

type ExportQuery = Required<ApiQuery<'/api/crm/reports/export', 'get'>>;
export type ReportExportView = ExportQuery['view'];

/**
 * Where the browser downloads the current view as CSV: a plain GET with the session cookie; the server writes
 * the file for Excel as the user reads it (labels in the screen's language, dates in the browser's time zone, and in
 * Portuguese semicolons and decimal commas).
 */
export function reportExportUrl(
  { pipeline, ...query }: Pick<ExportQuery, 'view' | 'period' | 'category'> & { pipeline: string | null },
  language: string,
): string {
  const params = new URLSearchParams({
    ...query,
    period: String(query.period),
    ...(pipeline && { pipeline }),
    ...spreadsheetQuery(language),
  });
  return `/api/crm/reports/export?${params}`;
}
