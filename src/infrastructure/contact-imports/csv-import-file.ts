import { Readable } from 'node:stream';
import { parse, type Options } from 'csv-parse';
import { injectable } from 'inversify';
import type { ImportRow } from '../../domain/contact-imports/contact-import';
import type { ImportFile } from '../../domain/contact-imports/contact-imports.ports';

/** Commas, or semicolons when the header has them and no commas (spreadsheets set to Portuguese write those). */
function delimiterOf(content: Buffer): string {
  const end = content.indexOf(10);
  const header = content.subarray(0, end === -1 ? Math.min(content.length, 64 * 1024) : end).toString('utf8');
  return header.includes(';') && !header.includes(',') ? ';' : ',';
}

function parser(content: Buffer, options: Options = {}) {
  return Readable.from([content]).pipe(
    parse({ bom: true, delimiter: delimiterOf(content), skip_empty_lines: true, relax_column_count: true, ...options }),
  );
}

/** Parses the file as a stream: rows come one at a time, never all at once. */
@injectable()
export class CsvImportFile implements ImportFile {
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
