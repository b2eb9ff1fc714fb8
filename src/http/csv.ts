import { once } from 'node:events';
import type { Response } from 'express';

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
