/**
 * An amount in BRL as a person types it, the Brazilian way or not (15000, 15.000, 15.000,50, 15000.5, R$ 1.234,56),
 * as the API's number; null when it is not one. Dots in groups of three are thousands; a lone dot before one or two
 * digits is the decimal point.
 */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/R\$|\s/g, '');
  const normalized = cleaned.includes(',')
    ? cleaned.replace(/\./g, '').replace(',', '.')
    : /^\d{1,3}(\.\d{3})+$/.test(cleaned)
      ? cleaned.replace(/\./g, '')
      : cleaned;
  return /^\d{1,12}(\.\d{1,2})?$/.test(normalized) ? Number(normalized) : null;
}

/** A goal as the field shows it: 15.000,00. */
export const amountText = (value: number): string =>
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
