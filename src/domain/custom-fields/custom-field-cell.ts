import type { CustomField, FieldOption } from './custom-field';

/**
 * A custom field's value as a spreadsheet cell writes it, read back by an import: what our exports write in both
 * formats and languages (a decimal comma in pt, dd/MM/yyyy, Sim/Não, an option by its label in either language or
 * by its key, several options separated by `;`), and what a person types in the same shapes. The value is then
 * checked as every write path checks it (checkCustomValues); here only its shape is read.
 */
export function readCustomCell(field: CustomField, cell: string): { ok: unknown } | { why: string } {
  switch (field.type) {
    case 'number': {
      const value = decimalOf(cell);
      return value === null ? { why: 'must be a number' } : { ok: Number(value) };
    }
    case 'currency': {
      const value = decimalOf(cell);
      return value === null ? { why: 'must be an amount, e.g. 1500,00 or 1500.00' } : { ok: value };
    }
    case 'date': {
      const day = DAY_PT.exec(cell);
      return { ok: day ? `${day[3]}-${day[2].padStart(2, '0')}-${day[1].padStart(2, '0')}` : cell };
    }
    case 'checkbox': {
      const word = plain(cell);
      if (YES.has(word)) return { ok: true };
      if (NO.has(word)) return { ok: false };
      return { why: 'must be Sim or Não (yes or no)' };
    }
    case 'select': {
      const option = optionOf(field.options, cell);
      return option ? { ok: option.key } : { why: `must be one of ${offered(field)}` };
    }
    case 'multiSelect': {
      const keys: string[] = [];
      for (const part of parts(cell)) {
        // A label may hold a comma; a list typed with commas is read when its parts are options.
        const option = optionOf(field.options, part);
        const split = option ? [option] : part.split(',').map((p) => optionOf(field.options, p.trim()));
        const unknown = split.findIndex((o) => !o);
        if (unknown !== -1)
          return { why: `"${option ? part : part.split(',')[unknown].trim()}" is not one of ${offered(field)}` };
        keys.push(...split.map((o) => o!.key));
      }
      return { ok: [...new Set(keys)] };
    }
    default:
      return { ok: cell };
  }
}

/**
 * "1.234,56" and "1234,56" (pt), "1234.56" (en, csv), "1.234.567" (pt thousands): the decimal string "1234.56"; null
 * when not a number. A single point is a decimal point, as our csv and English files write it.
 */
function decimalOf(cell: string): string | null {
  const text = cell.replace(/^R\$\s*/, '').replace(/\s/g, '');
  let decimal: string;
  if (PT_DECIMAL.test(text) || PT_THOUSANDS.test(text)) decimal = text.replace(/\./g, '').replace(',', '.');
  else if (EN_DECIMAL.test(text)) decimal = text;
  else return null;
  return Number.isFinite(Number(decimal)) ? decimal : null;
}

const PT_DECIMAL = /^-?(\d{1,3}(\.\d{3})+|\d+),\d+$/;
const PT_THOUSANDS = /^-?\d{1,3}(\.\d{3}){2,}$/;
const EN_DECIMAL = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
const DAY_PT = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const YES = new Set(['sim', 's', 'yes', 'y', 'true', '1', 'x', 'verdadeiro']);
const NO = new Set(['nao', 'n', 'no', 'false', '0', 'falso']);

/** Case, accents and spacing aside. */
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** An option by its key, else by its label in either language or its key written otherwise (retired ones too: records keep them). */
function optionOf(options: FieldOption[], text: string): FieldOption | undefined {
  const exact = options.find((o) => o.key === text);
  if (exact) return exact;
  const wanted = plain(text);
  return options.find((o) => plain(o.label.pt) === wanted || plain(o.label.en) === wanted || plain(o.key) === wanted);
}

const parts = (cell: string) =>
  cell
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);

const offered = (field: CustomField) =>
  field.options
    .filter((o) => !o.retired)
    .map((o) => o.label.pt)
    .join(', ');
