import { Readable } from 'node:stream';
import { CsvError, parse, type Options } from 'csv-parse';
import { injectable } from 'inversify';
import type { FileEncoding, ImportRow } from '../../domain/contact-imports/contact-import';
import type { ImportFile } from '../../domain/contact-imports/contact-imports.ports';
import { ValidationError } from '../../domain/shared/app-error';

const DELIMITERS = [',', ';', '\t'] as const;

/** UTF-8 when the bytes are valid UTF-8 (BOM or not); else Windows-1252, what Excel in Portuguese saves as "CSV". */
export function encodingOf(content: Uint8Array): FileEncoding {
  // The embedded database hands back the stored file as a Uint8Array, not a Buffer.
  if (content[0] === 0xef && content[1] === 0xbb && content[2] === 0xbf) return 'utf-8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(content);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** Windows-1252's bytes 0x80-0x9F (curly quotes, dashes, the euro sign...), where it differs from Latin-1. */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** The file as text, without a BOM. */
function textOf(content: Uint8Array, encoding: FileEncoding): string {
  const text = new TextDecoder(encoding).decode(content);
  // Node 20's decoder reads windows-1252 as Latin-1: its 0x80-0x9F come out as control characters.
  return encoding === 'windows-1252' ? text.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]) : text;
}

/** The separator the header row uses most, outside quotes: comma, semicolon (Excel in Portuguese) or tab. */
export function delimiterOf(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < text.length && i < 64 * 1024; i++) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/** csv-parse's reading: a quote inside an unquoted cell (`5" screen`) is read as written, as spreadsheets do. */
async function* parser(text: string, options: Options = {}): AsyncIterable<unknown> {
  const records = Readable.from([text]).pipe(
    parse({ delimiter: delimiterOf(text), skip_empty_lines: true, relax_column_count: true, relax_quotes: true, ...options }),
  );
  try {
    yield* records;
  } catch (error) {
    // The person's file, not our failure: a 400 on `file` (or the import's reason), without the parser's words.
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error.lines === 'number' ? ` at line ${error.lines}` : '';
    const message = `The file is not valid CSV${line}${error.code === 'CSV_QUOTE_NOT_CLOSED' ? ': a quoted cell is never closed' : ''}`;
    throw new ValidationError([{ path: 'file', message, type: 'import.csv' }], message);
  }
}

/** Thrown by `plainRecords` at anything beyond plain CSV; the file is then read by csv-parse instead. */
class NotPlainCsv extends Error {}

const QUOTE = 34;
const LF = 10;
const CR = 13;

/**
 * The records of plain CSV (RFC 4180: quoted cells with "" for a quote, one kind of line end throughout), read
 * as csv-parse reads them with the options above (empty lines skipped, any number of cells), about ten times
 * faster. At anything else (a quote inside an unquoted cell or after a closing one, a lone CR, mixed line ends,
 * an unclosed quote) it throws NotPlainCsv: csv-parse's own reading of those cases stays the rule.
 */
export function* plainRecords(text: string, delimiter: string, options: { count?: boolean } = {}): Generator<string[]> {
  // Counting only: no cell is cut out of the text, every record comes as the same empty array.
  const keep = !options.count;
  const counted: string[] = [];
  const sep = delimiter.charCodeAt(0);
  const end = text.length;
  let lineEnd = 0; // 1: LF, 2: CRLF, 0: none seen yet
  let pos = 0;
  while (pos < end) {
    const record: string[] = keep ? [] : counted;
    let quoted = false;
    let cells = 0;
    let empty = true;
    for (;;) {
      let value: string;
      if (text.charCodeAt(pos) === QUOTE) {
        quoted = true;
        value = '';
        let from = pos + 1;
        for (;;) {
          const close = text.indexOf('"', from);
          if (close === -1) throw new NotPlainCsv();
          if (keep) value += text.slice(from, close);
          if (text.charCodeAt(close + 1) !== QUOTE) {
            pos = close + 1;
            break;
          }
          if (keep) value += '"';
          from = close + 2;
        }
        const next = text.charCodeAt(pos);
        if (pos < end && next !== sep && next !== LF && next !== CR) throw new NotPlainCsv();
      } else {
        let i = pos;
        for (; i < end; i++) {
          const c = text.charCodeAt(i);
          if (c === sep || c === LF || c === CR) break;
          if (c === QUOTE) throw new NotPlainCsv();
        }
        empty = i === pos;
        value = keep ? text.slice(pos, i) : '';
        pos = i;
      }
      cells += 1;
      if (keep) record.push(value);
      if (pos >= end) break;
      const c = text.charCodeAt(pos);
      if (c === sep) {
        pos += 1;
        continue;
      }
      const kind = c === LF ? 1 : text.charCodeAt(pos + 1) === LF ? 2 : 0;
      if (kind === 0 || (lineEnd !== 0 && kind !== lineEnd)) throw new NotPlainCsv();
      lineEnd = kind;
      pos += kind;
      break;
    }
    if (!quoted && cells === 1 && empty) continue;
    yield record;
  }
}

/**
 * The file's records: plain CSV by `plainRecords`; past the first record it cannot read, csv-parse reads the
 * file from the start and the records already given are skipped (both read the ones before alike).
 */
async function* records(text: string): AsyncIterable<string[]> {
  let given = 0;
  const plain = plainRecords(text, delimiterOf(text));
  for (;;) {
    let next: IteratorResult<string[]>;
    try {
      next = plain.next();
    } catch (error) {
      if (!(error instanceof NotPlainCsv)) throw error;
      break;
    }
    if (next.done) return;
    given += 1;
    yield next.value;
  }
  let seen = 0;
  for await (const record of parser(text)) if (++seen > given) yield record as string[];
}

/** Rows given at a time by `rowChunks`: few enough to keep memory small, enough that each await carries many rows. */
const ROW_CHUNK = 1_000;

/** Parses the file as a stream: rows come a chunk at a time, never all at once. */
@injectable()
export class CsvImportFile implements ImportFile {
  /** Each file decoded once while it is in use: the job counts the rows, then reads them, from one text. */
  private readonly decoded = new WeakMap<Uint8Array, string>();

  private text(content: Uint8Array): string {
    let text = this.decoded.get(content);
    if (text === undefined) {
      text = textOf(content, encodingOf(content));
      this.decoded.set(content, text);
    }
    return text;
  }

  describe(content: Buffer): { encoding: FileEncoding; delimiter: string } {
    const encoding = encodingOf(content);
    return { encoding, delimiter: delimiterOf(textOf(content.subarray(0, 64 * 1024), encoding)) };
  }

  async columns(content: Buffer): Promise<string[]> {
    for await (const header of parser(this.text(content), { to_line: 1 })) return (header as string[]).map((c) => c.trim());
    return [];
  }

  /** The rows `rows` gives (the records after the header). */
  async countRows(content: Buffer): Promise<number> {
    const text = this.text(content);
    let count = -1;
    try {
      // Plain CSV: counted in one synchronous pass, no cell cut out.
      for (const _record of plainRecords(text, delimiterOf(text), { count: true })) count += 1;
      return Math.max(0, count);
    } catch (error) {
      if (!(error instanceof NotPlainCsv)) throw error;
    }
    count = -1;
    for await (const _record of parser(text)) count += 1;
    return Math.max(0, count);
  }

  async *rows(content: Buffer): AsyncIterable<ImportRow> {
    for await (const chunk of this.rowChunks(content)) yield* chunk;
  }

  async *rowChunks(content: Buffer): AsyncIterable<ImportRow[]> {
    let columns: string[] | undefined;
    let rowNumber = 0;
    let chunk: ImportRow[] = [];
    for await (const record of records(this.text(content))) {
      if (!columns) {
        columns = record.map((c) => c.trim());
        continue;
      }
      // As csv-parse's `columns`: cells past the header's are dropped, missing ones absent, a repeated header's last cell kept.
      const cells: Record<string, string> = {};
      for (let i = 0; i < record.length && i < columns.length; i++) cells[columns[i]] = record[i];
      rowNumber += 1;
      chunk.push({ rowNumber, cells });
      if (chunk.length === ROW_CHUNK) {
        yield chunk;
        chunk = [];
      }
    }
    if (chunk.length) yield chunk;
  }
}
