import { Readable } from 'node:stream';
import { parse, type Options } from 'csv-parse';
import { inject, injectable } from 'inversify';
import type { ImportRow } from '../../domain/contact-imports/contact-import';
import type { ImportFile } from '../../domain/contact-imports/contact-imports.ports';
import { DATABASE } from '../../domain/shared/shared.tokens';
import type { Database } from '../db/database';

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

/** Parses the stored file as a stream: rows come one at a time, never all at once. */
@injectable()
export class CsvImportFile implements ImportFile {
  constructor(@inject(DATABASE) private readonly database: Database) {}

  async columns(content: Buffer): Promise<string[]> {
    for await (const header of parser(content, { to_line: 1 })) return (header as string[]).map((c) => c.trim());
    return [];
  }

  async countRows(importId: number): Promise<number> {
    let count = 0;
    for await (const _row of parser(await this.content(importId), { from_line: 2 })) count += 1;
    return count;
  }

  async *rows(importId: number): AsyncIterable<ImportRow> {
    let rowNumber = 0;
    const records = parser(await this.content(importId), { columns: (header: string[]) => header.map((c) => c.trim()) });
    for await (const cells of records) {
      rowNumber += 1;
      yield { rowNumber, cells: cells as Record<string, string> };
    }
  }

  private async content(importId: number): Promise<Buffer> {
    const row = await this.database.knex('contactImports').where({ id: importId }).first('content');
    return row?.content ?? Buffer.alloc(0);
  }
}
