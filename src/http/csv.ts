import { once } from 'node:events';
import type { Response } from 'express';
import Joi from 'joi';
import { labelOf, LANGUAGES, type LabelKind, type Language } from '../domain/shared/labels';

/** The byte-order mark: Excel reads a CSV as UTF-8 only when it starts with one. */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell. A spreadsheet must not run a cell as a formula: text starting like one gets a leading quote,
 * and so does every element of a list (a tag "=1+1" among others would still start a formula in some readers).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(csvCell).join(';');
  const text = String(value);
  return typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
}

/** Writes a chunk of a streamed response, waiting when the client reads slower than we write. */
export async function writeChunk(res: Response, text: string): Promise<void> {
  if (!res.write(text)) await once(res, 'drain');
}

/** csv: for programs (values as stored, ISO dates, a point for decimals); excel: for a person in a spreadsheet. */
export const EXPORT_FORMATS = ['csv', 'excel'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_LANGUAGES = LANGUAGES;
export type ExportLanguage = Language;
export const SEPARATORS = { comma: ',', semicolon: ';' } as const;
export type Separator = keyof typeof SEPARATORS;
/** The time zone of the excel format's dates when the request names none: the team's, in Brazil. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

const isTimeZone = (name: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

/** The query parameters every file download takes, besides its own. */
export interface FileQuery {
  format: ExportFormat;
  lang?: ExportLanguage;
  tz: string;
  separator?: Separator;
}

export const fileQuerySchemas = {
  format: Joi.string()
    .valid(...EXPORT_FORMATS)
    .default('csv')
    .description(
      'csv: values as stored, ISO dates (UTC), decimals with a point; excel: labels in `lang`, dates `dd/MM/yyyy HH:mm` (pt) or `yyyy-MM-dd HH:mm` (en) in `tz`, pt with decimal commas and `;`',
    ),
  lang: Joi.string()
    .valid(...EXPORT_LANGUAGES)
    .description('Language of the header row and labels'),
  tz: Joi.string()
    .max(64)
    .default(DEFAULT_TIME_ZONE)
    .custom((value: string, helpers) =>
      isTimeZone(value) ? value : helpers.message({ custom: 'tz must be an IANA time zone such as America/Sao_Paulo' }),
    )
    .description("IANA time zone of the excel format's dates (the browser's, from Intl)"),
  separator: Joi.string()
    .valid(...Object.keys(SEPARATORS))
    .description(
      'Cell separator; by default a comma, and in the excel format `;` for pt (Excel set to Portuguese) and a comma for en',
    ),
};

/** How a file's cells are written, from its query. */
export interface CsvFormat {
  excel: boolean;
  lang: ExportLanguage;
  tz: string;
  delimiter: string;
}

export function csvFormat(query: FileQuery, defaultLang: ExportLanguage = 'pt'): CsvFormat {
  const lang = query.lang ?? defaultLang;
  const excel = query.format === 'excel';
  const delimiter = query.separator ? SEPARATORS[query.separator] : excel && lang === 'pt' ? ';' : ',';
  return { excel, lang, tz: query.tz, delimiter };
}

const dateParts = new Map<string, Intl.DateTimeFormat>();

/** A moment's date and time in `tz`, as numbers written with two digits (four for the year). */
function partsIn(moment: Date, tz: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  let format = dateParts.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateParts.set(tz, format);
  }
  return Object.fromEntries(format.formatToParts(moment).map((p) => [p.type, p.value])) as Record<
    'year' | 'month' | 'day' | 'hour' | 'minute',
    string
  >;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** The cell writers of a format: in csv each writes the value as stored (see csvCell); in excel, as a person reads it. */
export function cellWriter(format: CsvFormat) {
  const pt = format.lang === 'pt';
  return {
    text: csvCell,
    /** A number, or a decimal string (money): with a comma in pt. */
    number(value: number | string | null | undefined): string {
      if (value === null || value === undefined) return '';
      const text = String(value);
      return format.excel && pt && DECIMAL.test(text) ? text.replace('.', ',') : text;
    },
    /** A moment: dd/MM/yyyy HH:mm (pt) or yyyy-MM-dd HH:mm (en) in the format's time zone. */
    moment(value: Date | string | null | undefined): string {
      if (value === null || value === undefined) return '';
      const moment = value instanceof Date ? value : new Date(value);
      if (!format.excel || Number.isNaN(moment.getTime())) return csvCell(value);
      const p = partsIn(moment, format.tz);
      return pt
        ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`
        : `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
    },
    /** A calendar day (2026-11-26) or month (2026-11): dd/MM/yyyy or MM/yyyy in pt. */
    day(value: string | null | undefined): string {
      if (!value) return '';
      if (!format.excel || !pt) return csvCell(value);
      const day = DAY.exec(value);
      if (day) return `${day[3]}/${day[2]}/${day[1]}`;
      const month = MONTH.exec(value);
      return month ? `${month[2]}/${month[1]}` : csvCell(value);
    },
    /** An enumerated value: its label in the format's language. */
    label(kind: LabelKind, value: string | null | undefined): string {
      if (value === null || value === undefined) return '';
      return csvCell(format.excel ? labelOf(kind, value, format.lang) : value);
    },
  };
}
export type CellWriter = ReturnType<typeof cellWriter>;
