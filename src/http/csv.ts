import { once } from 'node:events';
import { stringify } from 'csv-stringify/sync';
import type { Response } from 'express';
import Joi from 'joi';
import { labelOf, LANGUAGES, type LabelKind, type Language } from '../domain/shared/labels';
import type { CustomField } from '../domain/custom-fields/custom-field';

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
    /** Yes or no: true/false in csv; Sim/Não (pt) or Yes/No in excel. */
    flag(value: boolean | null | undefined): string {
      if (value === null || value === undefined) return '';
      if (!format.excel) return String(value);
      return pt ? (value ? 'Sim' : 'Não') : value ? 'Yes' : 'No';
    },
    /** An enumerated value: its label in the format's language. */
    label(kind: LabelKind, value: string | null | undefined): string {
      if (value === null || value === undefined) return '';
      return csvCell(format.excel ? labelOf(kind, value, format.lang) : value);
    },
  };
}
export type CellWriter = ReturnType<typeof cellWriter>;

/** A list's query for its export: its filters without paging (the file is every matching row), and how to write it. */
export function exportQueryOf<Q extends object>(listQuery: Joi.ObjectSchema): Joi.ObjectSchema<Q & FileQuery> {
  return listQuery
    .fork(['limit', 'cursor', 'includeTotal'], (s) => s.strip())
    .append<Q & FileQuery>({
      ...fileQuerySchemas,
      lang: fileQuerySchemas.lang.description(
        'Header row (and, in the excel format, labels) in this language; without it, the field names (csv) or pt (excel)',
      ),
    });
}

/** How a column's cells are written: a number, a moment, or an enumerated value by its label; text otherwise. */
export type ColumnKinds<C extends string> = Partial<Record<C, 'number' | 'moment' | LabelKind>>;

/** What a list export writes: its file, its columns (the header row in `lang`, else the field names) and their kinds. */
export interface CsvExport<T, C extends keyof T & string> {
  fileName: string;
  columns: readonly C[];
  /** The kind of the labels that name the columns in a header row a person reads. */
  headerLabels: LabelKind;
  kinds: ColumnKinds<C>;
  /**
   * The custom fields offered on these records, as columns after the others: headed by their label in `lang`, else
   * `customFields.<key>`; their values as the format writes their type (an option by its label in excel).
   */
  customFields?: { fields: CustomField[]; valuesOf: (item: T) => Record<string, unknown> | null | undefined };
  /** A page of the matching rows, the first without a cursor. */
  page: (cursor?: string) => Promise<{ items: T[]; nextCursor: string | null }>;
}

function cellOf<T, C extends keyof T & string>(item: T, column: C, kinds: ColumnKinds<C>, cell: CellWriter): string {
  const kind = kinds[column];
  const value = item[column];
  if (kind === 'number') return cell.number(value as number | string | null);
  if (kind === 'moment') return cell.moment(value as Date | string | null);
  if (kind) return cell.label(kind, value as string | null);
  return cell.text(value);
}

/** One custom field's cell: numbers and amounts, days and yes/no as the format writes them; options by label in excel. */
function customCell(field: CustomField, value: unknown, cell: CellWriter, format: CsvFormat): string {
  if (value === null || value === undefined) return '';
  const option = (key: unknown) => {
    const found = format.excel ? field.options.find((o) => o.key === key) : undefined;
    return found ? (format.lang === 'en' ? found.label.en : found.label.pt) : String(key);
  };
  switch (field.type) {
    case 'number':
    case 'currency':
      return cell.number(value as number | string);
    case 'date':
      return cell.day(String(value));
    case 'checkbox':
      return cell.flag(value === true);
    case 'select':
      return cell.text(option(value));
    case 'multiSelect':
      return cell.text(Array.isArray(value) ? value.map(option) : value);
    default:
      return cell.text(value);
  }
}

/**
 * Streams every matching row as UTF-8 CSV with a byte-order mark, a page at a time, so that 100,000 rows never sit
 * in memory; stops when the client goes away.
 */
export async function streamCsvExport<T, C extends keyof T & string>(
  res: Response,
  query: FileQuery,
  o: CsvExport<T, C>,
): Promise<void> {
  const format = csvFormat(query);
  const options = { delimiter: format.delimiter };
  const cell = cellWriter(format);
  const lang = query.lang ?? (format.excel ? format.lang : undefined);
  const custom = o.customFields?.fields ?? [];
  const header = [
    ...(lang ? o.columns.map((c) => labelOf(o.headerLabels, c, lang)) : o.columns),
    ...custom.map((field) => (lang ? (lang === 'en' ? field.label.en : field.label.pt) : `customFields.${field.key}`)),
  ];
  let page = await o.page();
  res.status(200).type('text/csv; charset=utf-8').attachment(o.fileName);
  await writeChunk(res, UTF8_BOM + stringify([header], options));
  for (;;) {
    if (page.items.length)
      await writeChunk(
        res,
        stringify(
          page.items.map((item) => {
            const values = custom.length ? (o.customFields!.valuesOf(item) ?? {}) : {};
            return [
              ...o.columns.map((column) => cellOf(item, column, o.kinds, cell)),
              ...custom.map((field) => customCell(field, values[field.key], cell, format)),
            ];
          }),
          options,
        ),
      );
    if (!page.nextCursor || res.destroyed) break;
    page = await o.page(page.nextCursor);
  }
  res.end();
}
