import { describe, expect, it } from 'vitest';
import { CsvImportFile, delimiterOf, encodingOf } from '../csv-import-file';

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
});
