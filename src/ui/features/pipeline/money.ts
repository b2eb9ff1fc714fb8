// Money as typed in pt-BR and as the API writes it; no validation library here, so the board's own chunk stays small.

/** "1.234,56", "1234,56", "1234.56" or "R$ 1.234" as the API's decimal string ("1234.56"); null when it is none of these. */
export function parseMoney(input: string): string | null {
  const text = input.replace(/R\$|\s/g, '');
  if (text === '') return null;
  // A comma is the decimal mark (pt-BR) and dots group thousands; without a comma, a dot followed by 1-2 digits is the decimal mark.
  const normal = text.includes(',')
    ? text.replace(/\./g, '').replace(',', '.')
    : /\.\d{3}(\.|$)/.test(text)
      ? text.replace(/\./g, '')
      : text;
  return /^\d{1,10}(\.\d{1,2})?$/.test(normal) ? normal : null;
}

/** The API's "1500.00" as typed in pt-BR: "1500,00". */
export const moneyInput = (value: string | null | undefined): string => (value ? value.replace('.', ',') : '');
