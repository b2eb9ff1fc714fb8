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

/**
 * Decodes once per read: the parsed file keeps no state, so the job and the dry run read it the same way.
 * A quote inside an unquoted cell (`5" screen`) is read as written, as spreadsheets do.
 */
async function* parser(content: Buffer, options: Options = {}): AsyncIterable<unknown> {
  const text = textOf(content, encodingOf(content));
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

/** Parses the file as a stream: rows come one at a time, never all at once. */
@injectable()
export class CsvImportFile implements ImportFile {
  describe(content: Buffer): { encoding: FileEncoding; delimiter: string } {
    const encoding = encodingOf(content);
    return { encoding, delimiter: delimiterOf(textOf(content.subarray(0, 64 * 1024), encoding)) };
  }

  async columns(content: Buffer): Promise<string[]> {
    for await (const header of parser(content, { to_line: 1 })) return (header as string[]).map((c) => c.trim());
    return [];
  }

  async countRows(content: Buffer): Promise<number> {
    let count = 0;
    for await (const _row of parser(content, { from_line: 2 })) count += 1;
    return count;
  }

  async *rows(content: Buffer): AsyncIterable<ImportRow> {
    let rowNumber = 0;
    const records = parser(content, { columns: (header: string[]) => header.map((c) => c.trim()) });
    for await (const cells of records) {
      rowNumber += 1;
      yield { rowNumber, cells: cells as Record<string, string> };
    }
  }
}
