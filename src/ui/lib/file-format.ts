/** The time zone the server reads without one: the team's, in Brazil. */
const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/** The browser's IANA time zone, sent with a spreadsheet download so its dates read as the screens show them. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** The query of a file for a person in a spreadsheet: labels in the screen's language, dates in the browser's time zone. */
export const spreadsheetQuery = (language: string) =>
  ({ format: 'excel', lang: language === 'en' ? 'en' : 'pt', tz: browserTimeZone() }) as const;

/** How an export is written (the query's part that is not the list's filters). */
export interface ExportOptions {
  format?: 'csv' | 'excel';
  lang?: 'pt' | 'en';
  tz?: string;
  separator?: 'comma' | 'semicolon';
}

/**
 * Where the browser downloads a list's export: the path with the list's filters and the file's options as its query.
 * A plain GET the browser follows with the session cookie: the server streams the file, so 100,000 rows never pass
 * through JavaScript.
 */
export function exportUrl(path: string, query: object): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(name, String(value));
  return `${path}?${params}`;
}
