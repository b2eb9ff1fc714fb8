import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ImportSource } from '../../../domain/contact-imports/contact-imports.ports';
import { CsvImportFile, delimiterOf, encodingOf, plainPieces, plainRecords } from '../csv-import-file';

const latin1 = (text: string) => Buffer.from([...text].map((c) => c.charCodeAt(0)));

/** The file as the upload or the database hands it: slices of `size` bytes (the whole file in one by default). */
function sliced(content: Buffer, size = content.length || 1): ImportSource {
  return async function* slices() {
    for (let at = 0; at < content.length; at += size) yield content.subarray(at, at + size);
  };
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const rows = (content: Buffer, slice?: number) => collect(new CsvImportFile().rows(sliced(content, slice)));

describe('CsvImportFile', () => {
  it('reads UTF-8 with or without a BOM, and Windows-1252 when the bytes are not UTF-8', async () => {
    const file = new CsvImportFile();
    const text = 'Nome,Pontuação\nJoão,10\n';
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
    expect(await encodingOf(sliced(Buffer.from(text)))).toBe('utf-8');
    expect(await encodingOf(sliced(withBom))).toBe('utf-8');
    expect(await encodingOf(sliced(latin1(text)))).toBe('windows-1252');
    // Read a slice at a time, down to a byte: a character cut between slices comes whole, the BOM still dropped.
    for (const slice of [undefined, 1, 2, 3]) {
      expect(await encodingOf(sliced(Buffer.from(text), slice))).toBe('utf-8');
      for (const content of [Buffer.from(text), withBom, latin1(text)]) {
        expect(await file.columns(sliced(content, slice))).toEqual(['Nome', 'Pontuação']);
        expect(await rows(content, slice)).toEqual([{ rowNumber: 1, cells: { Nome: 'João', Pontuação: '10' } }]);
      }
    }
    // Counting first finds the encoding in the same pass, and the rows then read in it (the import job's order).
    // After a BOM, UTF-8 even where a byte is not (it reads as U+FFFD).
    const bomThenLatin1 = Buffer.concat([withBom, latin1('Zé,1\n')]);
    for (const [content, count] of [
      [Buffer.from(text), 1],
      [withBom, 1],
      [latin1(text), 1],
      [bomThenLatin1, 2],
    ] as const) {
      const source = sliced(content, 2);
      expect(await file.countRows(source)).toBe(count);
      const read = await collect(file.rows(source));
      expect(read[0].cells).toEqual({ Nome: 'João', Pontuação: '10' });
      if (content === bomThenLatin1) expect(read[1].cells).toEqual({ Nome: 'Z\uFFFD', Pontuação: '1' });
    }
    // Windows-1252 has characters Latin-1 lacks, such as the euro sign at 0x80.
    expect((await rows(Buffer.from([0x4e, 0x0a, 0x80, 0x20, 0x93, 0x6f, 0x94, 0x20, 0x96, 0x0a])))[0].cells).toEqual({
      N: '€ “o” –',
    });
  });

  it('detects commas, semicolons or tabs from the header, ignoring those inside quotes', async () => {
    expect(delimiterOf('Nome;E-mail;Empresa\nA;b;"c,d"')).toBe(';');
    expect(delimiterOf('"Nome; completo",E-mail\n')).toBe(',');
    expect(delimiterOf('Nome\tE-mail\n')).toBe('\t');
    expect(delimiterOf('Nome\n')).toBe(',');
    const file = new CsvImportFile();
    const content = latin1('Nome;E-mail;Observações\r\n"Silva, Ana";ana@example.com;"diz ""olá"""\r\n');
    expect(await file.describe(sliced(content))).toEqual({ encoding: 'windows-1252', delimiter: ';' });
    // The header's delimiter, even when the header arrives a byte at a time.
    expect(await file.describe(sliced(content, 1))).toEqual({ encoding: 'windows-1252', delimiter: ';' });
    expect(await file.countRows(sliced(content))).toBe(1);
    expect(await rows(content)).toEqual([
      { rowNumber: 1, cells: { Nome: 'Silva, Ana', 'E-mail': 'ana@example.com', Observações: 'diz "olá"' } },
    ]);
  });

  it('reads any file as csv-parse does: plain CSV by the fast reader, the rest (stray quotes, lone CR, mixed line ends) by csv-parse', async () => {
    /** The reading before the fast reader: csv-parse with the header as columns, or the error it gave. */
    const csvParse = async (text: string) => {
      const out: { rowNumber: number; cells: Record<string, string> }[] = [];
      const parser = Readable.from([text]).pipe(
        parse({
          delimiter: delimiterOf(text),
          skip_empty_lines: true,
          relax_column_count: true,
          relax_quotes: true,
          columns: (h: string[]) => h.map((c) => c.trim()),
        }),
      );
      try {
        for await (const cells of parser) out.push({ rowNumber: out.length + 1, cells });
      } catch (error) {
        return { error: String(error) };
      }
      return { rows: out };
    };
    const file = new CsvImportFile();
    const ours = async (text: string, slice: number | undefined) => {
      try {
        return {
          rows: await rows(Buffer.from(text), slice),
          count: await file.countRows(sliced(Buffer.from(text), slice)),
        };
      } catch (error) {
        return { error: (error as Error).message };
      }
    };
    const piece = fc.constantFrom('a', 'b', 'ã', ' ', ',', ';', '"', '""', '\r', '\n', '\r\n');
    // Whole, or in slices of a few bytes (as the file arrives and is read back): records cut anywhere read alike.
    const slice = fc.option(fc.integer({ min: 1, max: 7 }), { nil: undefined });
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 1, maxLength: 24 }), slice, async (parts, size) => {
        const text = `Name,Email\n${parts.join('')}`;
        const [expected, actual] = [await csvParse(text), await ours(text, size)];
        if ('error' in expected) expect(actual).toEqual({ error: expect.stringContaining('not valid CSV') });
        else expect(actual).toEqual({ rows: expected.rows, count: expected.rows.length });
      }),
      { numRuns: 3000 },
    );
    // Plain files are the fast reader's (no fallback); a stray quote is not plain, and csv-parse keeps it as written.
    expect([...plainRecords('a,b\r\n"x ""y""",\r\n\r\nc,d', ',')]).toEqual([
      ['a', 'b'],
      ['x "y"', ''],
      ['c', 'd'],
    ]);
    expect(() => [...plainRecords('a,b\n5" screen,c\n', ',')]).toThrow();
    expect(await rows(Buffer.from('a,b\n5" screen,c\n'))).toEqual([
      { rowNumber: 1, cells: { a: '5" screen', b: 'c' } },
    ]);
  });

  it('reads plain CSV cut into pieces anywhere exactly as whole, without handing it to csv-parse', async () => {
    const whole = (text: string) => {
      try {
        return [...plainRecords(text, ',')];
      } catch {
        return 'not plain';
      }
    };
    const inPieces = async (text: string, size: number) => {
      const pieces = Array.from({ length: Math.ceil(text.length / size) }, (_, i) =>
        text.slice(i * size, (i + 1) * size),
      );
      const out: string[][] = [];
      try {
        for await (const record of plainPieces(Readable.from(pieces), ',', true)) out.push([...record]);
      } catch {
        return 'not plain';
      }
      return out;
    };
    const piece = fc.constantFrom('a', 'b', ' ', ',', '"', '""', '\r', '\n', '\r\n', '"a,b"', '"x\ny"');
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { minLength: 1, maxLength: 24 }),
        fc.integer({ min: 1, max: 7 }),
        async (parts, size) => {
          const text = parts.join('');
          expect(await inPieces(text, size)).toEqual(whole(text));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
