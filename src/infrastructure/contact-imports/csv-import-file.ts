import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { injectable } from 'inversify';
import type { FileEncoding, ImportRow } from '../../domain/contact-imports/contact-import';
import type { ImportFile, ImportSource } from '../../domain/contact-imports/contact-imports.ports';
import { ValidationError } from '../../domain/shared/app-error';

const DELIMITERS = [',', ';', '\t'] as const;
/** The header is looked for in the first this many characters: a delimiter is chosen by then. */
const HEADER_SPAN = 64 * 1024;

/**
 * UTF-8 when the bytes are valid UTF-8 (BOM or not); else Windows-1252, what Excel in Portuguese saves as "CSV".
 * One pass over the file, a slice at a time.
 */
export async function encodingOf(source: ImportSource): Promise<FileEncoding> {
  // A BOM says UTF-8 whatever follows.
  if (await startsWithBom(source)) return 'utf-8';
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const bytes of source()) decoder.decode(bytes, { stream: true });
    decoder.decode();
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** Whether the file starts with UTF-8's byte-order mark. */
async function startsWithBom(source: ImportSource): Promise<boolean> {
  const start: number[] = [];
  for await (const bytes of source()) {
    for (let i = 0; i < bytes.length && start.length < 3; i++) start.push(bytes[i]);
    if (start.length === 3) break;
  }
  return start[0] === 0xef && start[1] === 0xbb && start[2] === 0xbf;
}

/** Windows-1252's bytes 0x80-0x9F (curly quotes, dashes, the euro sign...), where it differs from Latin-1. */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/**
 * The file as text, a piece for each slice of bytes (a character cut between two slices comes whole), without a BOM.
 * With `strict`, bytes that are not UTF-8 throw (a TypeError) instead of reading as U+FFFD.
 */
async function* textOf(source: ImportSource, encoding: FileEncoding, strict = false): AsyncIterable<string> {
  const decoder = new TextDecoder(encoding, { fatal: strict });
  // Node 20's decoder reads windows-1252 as Latin-1: its 0x80-0x9F come out as control characters.
  const fix = (text: string) =>
    encoding === 'windows-1252' ? text.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]) : text;
  for await (const bytes of source()) {
    const text = decoder.decode(bytes, { stream: true });
    if (text) yield fix(text);
  }
  const rest = decoder.decode();
  if (rest) yield fix(rest);
}

/**
 * The separator the header row uses most, outside quotes: comma, semicolon (Excel in Portuguese) or tab. Null
 * while the text is only the start of a file (`whole` false) and its header has not ended within the first 64 KB.
 */
export function delimiterOf(text: string, whole?: true): string;
export function delimiterOf(text: string, whole: boolean): string | null;
export function delimiterOf(text: string, whole = true): string | null {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  let ended = false;
  for (let i = 0; i < text.length && i < HEADER_SPAN; i++) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) {
      ended = true;
      break;
    } else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  if (!ended && !whole && text.length < HEADER_SPAN) return null;
  let best = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/** The text's delimiter, from its first pieces: the header's, or a comma for a file without one. */
async function fileDelimiter(pieces: AsyncIterable<string>): Promise<string> {
  let start = '';
  for await (const piece of pieces) {
    start += piece;
    const found = delimiterOf(start, false);
    if (found) return found;
  }
  return delimiterOf(start, true);
}

/** csv-parse's reading: a quote inside an unquoted cell (`5" screen`) is read as written, as spreadsheets do. */
async function* parser(pieces: AsyncIterable<string>, delimiter: string): AsyncIterable<string[]> {
  const input = Readable.from(pieces);
  const records = input.pipe(
    parse({ delimiter, skip_empty_lines: true, relax_column_count: true, relax_quotes: true }),
  );
  try {
    yield* records as AsyncIterable<string[]>;
  } catch (error) {
    // The person's file, not our failure: a 400 on `file` (or the import's reason), without the parser's words.
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error.lines === 'number' ? ` at line ${error.lines}` : '';
    const message = `The file is not valid CSV${line}${error.code === 'CSV_QUOTE_NOT_CLOSED' ? ': a quoted cell is never closed' : ''}`;
    throw new ValidationError([{ path: 'file', message, type: 'import.csv' }], message);
  } finally {
    // Left early (the header only, or the reader's consumer stopped): the file is not read on.
    input.destroy();
    records.destroy();
  }
}

/** Thrown by `PlainReader` at anything beyond plain CSV; the file is then read by csv-parse instead. */
class NotPlainCsv extends Error {}

const QUOTE = 34;
const LF = 10;
const CR = 13;

/**
 * Reads plain CSV (RFC 4180: quoted cells with "" for a quote, one kind of line end throughout) as csv-parse
 * reads it with the options above (empty lines skipped, any number of cells), about ten times faster, from text
 * that comes in pieces: `read` gives the records that end within the text it is handed and sets `rest` to where
 * the unfinished one begins, to be handed again with the next piece. At anything else (a quote inside an
 * unquoted cell or after a closing one, a lone CR, mixed line ends, an unclosed quote at the end) it throws
 * NotPlainCsv: csv-parse's own reading of those cases stays the rule.
 */
class PlainReader {
  /** 1: LF, 2: CRLF, 0: none seen yet. */
  private lineEnd = 0;
  /** Where the record `read` could not finish begins. */
  rest = 0;
  /** Counting only: no cell is cut out of the text, every record comes as the same empty array. */
  private readonly counted: string[] = [];

  constructor(
    private readonly sep: number,
    private readonly keep: boolean,
  ) {}

  /** The records of `text`; with `last` false, a record reaching its end is left for the next piece. */
  *read(text: string, last: boolean): Generator<string[]> {
    const { sep, keep } = this;
    const end = text.length;
    let pos = 0;
    this.rest = 0;
    while (pos < end) {
      const start = pos;
      const record: string[] = keep ? [] : this.counted;
      let quoted = false;
      let cells = 0;
      let empty = true;
      let complete = false;
      for (;;) {
        let value: string;
        if (text.charCodeAt(pos) === QUOTE) {
          quoted = true;
          value = '';
          let from = pos + 1;
          let closed = false;
          for (;;) {
            const close = text.indexOf('"', from);
            // Unclosed, or a quote at the very end that may be the first of "": the next piece tells.
            if (close === -1 || (!last && close + 1 === end)) break;
            if (keep) value += text.slice(from, close);
            if (text.charCodeAt(close + 1) !== QUOTE) {
              pos = close + 1;
              closed = true;
              break;
            }
            if (keep) value += '"';
            from = close + 2;
          }
          if (!closed) {
            if (last) throw new NotPlainCsv();
            break;
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
        if (pos >= end && !last) break;
        cells += 1;
        if (keep) record.push(value);
        if (pos >= end) {
          complete = true;
          break;
        }
        const c = text.charCodeAt(pos);
        if (c === sep) {
          pos += 1;
          continue;
        }
        // A CR ending the piece may be half of a CRLF.
        if (c === CR && pos + 1 === end && !last) break;
        const kind = c === LF ? 1 : text.charCodeAt(pos + 1) === LF ? 2 : 0;
        if (kind === 0 || (this.lineEnd !== 0 && kind !== this.lineEnd)) throw new NotPlainCsv();
        this.lineEnd = kind;
        pos += kind;
        complete = true;
        break;
      }
      if (!complete) {
        this.rest = start;
        return;
      }
      this.rest = pos;
      if (!quoted && cells === 1 && empty) continue;
      yield record;
    }
  }
}

/** The records of plain CSV held whole in `text` (see PlainReader): the reading its pieces must give. */
export function plainRecords(text: string, delimiter: string): Generator<string[]> {
  return new PlainReader(delimiter.charCodeAt(0), true).read(text, true);
}

/** The records of plain CSV arriving in pieces; NotPlainCsv at the first record that is not. */
export async function* plainPieces(
  pieces: AsyncIterable<string>,
  delimiter: string,
  keep: boolean,
): AsyncIterable<string[]> {
  const reader = new PlainReader(delimiter.charCodeAt(0), keep);
  let carry = '';
  for await (const piece of pieces) {
    const text = carry + piece;
    yield* reader.read(text, false);
    carry = text.slice(reader.rest);
  }
  yield* reader.read(carry, true);
}

/** The file's delimiter and its records (or, with `count`, empty records to count), read a piece at a time. */
async function* records(
  source: ImportSource,
  encoding: FileEncoding,
  options: { count?: boolean; strict?: boolean } = {},
): AsyncIterable<string[]> {
  const delimiter = await fileDelimiter(textOf(source, encoding));
  // Plain CSV by the fast reader; past the first record it cannot read, csv-parse reads the file from the start
  // and the records already given are skipped (both read the ones before alike).
  let given = 0;
  try {
    for await (const record of plainPieces(textOf(source, encoding, options.strict), delimiter, !options.count)) {
      given += 1;
      yield record;
    }
    return;
  } catch (error) {
    if (!(error instanceof NotPlainCsv)) throw error;
  }
  let seen = 0;
  for await (const record of parser(textOf(source, encoding, options.strict), delimiter))
    if (++seen > given) yield record;
}

/** Rows given at a time by `rowChunks`: few enough to keep memory small, enough that each await carries many rows. */
const ROW_CHUNK = 1_000;

/**
 * Reads the file a slice at a time, never whole: its text is decoded and parsed as the slices come, so memory
 * holds a slice and the rows being handed on, whatever the file's size. Each pass reads the file again.
 */
@injectable()
export class CsvImportFile implements ImportFile {
  /** Each file's encoding, found once while it is in use (a pass over the whole file). */
  private readonly encodings = new WeakMap<ImportSource, FileEncoding>();

  private async encoding(source: ImportSource): Promise<FileEncoding> {
    let encoding = this.encodings.get(source);
    if (encoding === undefined) {
      encoding = await encodingOf(source);
      this.encodings.set(source, encoding);
    }
    return encoding;
  }

  async describe(source: ImportSource): Promise<{ encoding: FileEncoding; delimiter: string }> {
    const encoding = await this.encoding(source);
    return { encoding, delimiter: await fileDelimiter(textOf(source, encoding)) };
  }

  async columns(source: ImportSource): Promise<string[]> {
    for await (const header of records(source, await this.encoding(source))) return header.map((c) => c.trim());
    return [];
  }

  /**
   * The rows `rows` gives (the records after the header). A file whose encoding is not known yet is counted as
   * UTF-8 that must be valid, which finds the encoding in the same pass: the import job's first pass over the file.
   */
  async countRows(source: ImportSource): Promise<number> {
    if (!this.encodings.has(source)) {
      // With a BOM, UTF-8 whatever follows (as encodingOf).
      if (await startsWithBom(source)) this.encodings.set(source, 'utf-8');
      else {
        try {
          const count = await this.count(source, 'utf-8', true);
          this.encodings.set(source, 'utf-8');
          return count;
        } catch (error) {
          if ((error as { code?: string }).code !== 'ERR_ENCODING_INVALID_ENCODED_DATA') throw error;
          this.encodings.set(source, 'windows-1252');
        }
      }
    }
    return this.count(source, this.encodings.get(source)!);
  }

  private async count(source: ImportSource, encoding: FileEncoding, strict = false): Promise<number> {
    let count = -1;
    for await (const _record of records(source, encoding, { count: true, strict })) count += 1;
    return Math.max(0, count);
  }

  async *rows(source: ImportSource): AsyncIterable<ImportRow> {
    for await (const chunk of this.rowChunks(source)) yield* chunk;
  }

  async *rowChunks(source: ImportSource): AsyncIterable<ImportRow[]> {
    let columns: string[] | undefined;
    let rowNumber = 0;
    let chunk: ImportRow[] = [];
    for await (const record of records(source, await this.encoding(source))) {
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
