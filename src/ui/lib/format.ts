const pad = (n: number) => String(n).padStart(2, '0');

/** dd/MM/yyyy HH:mm in the viewer's time zone, whatever the language (SPEC §1). */
export function formatDateTime(value: string | Date | null | undefined): string | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** dd/MM/yyyy in the viewer's time zone: a day, when the hour does not matter (a deadline, since when). */
export function formatDate(value: string | Date | null | undefined): string | null {
  return formatDateTime(value)?.slice(0, 10) ?? null;
}

/** dd/MM/yyyy HH:mm:ss: for a log whose entries come seconds apart (webhook deliveries). */
export function formatDateTimeSeconds(value: string | Date | null | undefined): string | null {
  const minutes = formatDateTime(value);
  return minutes && `${minutes}:${pad(new Date(value!).getSeconds())}`;
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** BRL in pt-BR format (SPEC §1), e.g. R$ 1.234,56. Values arrive as decimal strings. */
export const formatCurrency = (value: string | number): string => brl.format(Number(value));

const integer = new Intl.NumberFormat('pt-BR');
export const formatInteger = (value: number): string => integer.format(value);

/** First and last names' initials, uppercase: "Ana Maria Souza" is AS. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0][0];
  const last = words.length > 1 ? words[words.length - 1][0] : '';
  return `${first}${last}`.toUpperCase();
}
