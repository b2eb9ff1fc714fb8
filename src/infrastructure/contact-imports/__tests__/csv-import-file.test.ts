import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvImportFile, delimiterOf, encodingOf, plainRecords } from '../csv-import-file';

const latin1 = (text: string) => Buffer.from([...text].map((c) => c.charCodeAt(0)));

async function rows(content: Buffer) {
  const out = [];
  for await (const row of new CsvImportFile().rows(content)) out.push(row);
  return out;
}

describe('CsvImportFile', () => {
  it('reads UTF-8 with or without a BOM, and Windows-1252 when the bytes are not UTF-8', async () => {
    const file = new CsvImportFile();
    const text = 'Nome,Pontuação\nJoão,10\n';
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    expect(encodingOf(Buffer.from(text))).toBe('utf-8');
    expect(encodingOf(withBom)).toBe('utf-8');
    expect(encodingOf(latin1(text))).toBe('windows-1252');
    for (const content of [Buffer.from(text), withBom, latin1(text)]) {
      expect(await file.columns(content)).toEqual(['Nome', 'Pontuação']);
      expect(await rows(content)).toEqual([{ rowNumber: 1, cells: { Nome: 'João', 'Pontuação': '10' } }]);
    }
    // Windows-1252 has characters Latin-1 lacks, such as the euro sign at 0x80.
    expect((await rows(Buffer.from([0x4e, 0x0a, 0x80, 0x20, 0x93, 0x6f, 0x94, 0x20, 0x96, 0x0a])))[0].cells).toEqual({ N: '€ “o” –' });
  });

  it('detects commas, semicolons or tabs from the header, ignoring those inside quotes', async () => {
    expect(delimiterOf('Nome;E-mail;Empresa\nA;b;"c,d"')).toBe(';');
    expect(delimiterOf('"Nome; completo",E-mail\n')).toBe(',');
    expect(delimiterOf('Nome\tE-mail\n')).toBe('\t');
    expect(delimiterOf('Nome\n')).toBe(',');
    const file = new CsvImportFile();
    const content = latin1('Nome;E-mail;Observações\r\n"Silva, Ana";ana@example.com;"diz ""olá"""\r\n');
    expect(file.describe(content)).toEqual({ encoding: 'windows-1252', delimiter: ';' });
    expect(await file.countRows(content)).toBe(1);
    expect(await rows(content)).toEqual([{ rowNumber: 1, cells: { Nome: 'Silva, Ana', 'E-mail': 'ana@example.com', 'Observações': 'diz "olá"' } }]);
  });

  it('reads any file as csv-parse does: plain CSV by the fast reader, the rest (stray quotes, lone CR, mixed line ends) by csv-parse', async () => {
    /** The reading before the fast reader: csv-parse with the header as columns, or the error it gave. */
    const csvParse = async (text: string) => {
      const out: { rowNumber: number; cells: Record<string, string> }[] = [];
      const parser = Readable.from([text]).pipe(
        parse({ delimiter: delimiterOf(text), skip_empty_lines: true, relax_column_count: true, relax_quotes: true, columns: (h: string[]) => h.map((c) => c.trim()) }),
      );
      try {
        for await (const cells of parser) out.push({ rowNumber: out.length + 1, cells });
      } catch (error) {
        return { error: String(error) };
      }
      return { rows: out };
    };
    const file = new CsvImportFile();
    const ours = async (text: string) => {
      try {
        return { rows: await rows(Buffer.from(text)), count: await file.countRows(Buffer.from(text)) };
      } catch (error) {
        return { error: (error as Error).message };
      }
    };
    const piece = fc.constantFrom('a', 'b', ' ', ',', ';', '"', '""', '\r', '\n', '\r\n');
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 24 }), async (parts) => {
        const text = `Name,Email\n${parts.join('')}`;
        const [expected, actual] = [await csvParse(text), await ours(text)];
        if ('error' in expected) expect(actual).toEqual({ error: expect.stringContaining('not valid CSV') });
        else expect(actual).toEqual({ rows: expected.rows, count: expected.rows.length });
      }),
      { numRuns: 3000 },
    );
    // Plain files are the fast reader's (no fallback); a stray quote is not plain, and csv-parse keeps it as written.
    expect([...plainRecords('a,b\r\n"x ""y""",\r\n\r\nc,d', ',')]).toEqual([['a', 'b'], ['x "y"', ''], ['c', 'd']]);
    expect(() => [...plainRecords('a,b\n5" screen,c\n', ',')]).toThrow();
    expect(await rows(Buffer.from('a,b\n5" screen,c\n'))).toEqual([{ rowNumber: 1, cells: { a: '5" screen', b: 'c' } }]);
  });
});
