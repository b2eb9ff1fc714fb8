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
