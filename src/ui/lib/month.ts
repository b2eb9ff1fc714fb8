const pad = (n: number) => String(n).padStart(2, '0');

/** A month as the API names it, `YYYY-MM`, in the viewer's clock. */
export const monthOf = (date: Date): string => `${date.getFullYear()}-${pad(date.getMonth() + 1)}`;

export const currentMonth = (): string => monthOf(new Date());

/** `month` moved by `delta` months (`2026-01`, -1 → `2025-12`). */
export function addMonths(month: string, delta: number): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return monthOf(new Date(year, index - 1 + delta, 1));
}

/** "novembro de 2026" / "November 2026". */
export function formatMonth(month: string, language: string): string {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : 'pt-BR', { month: 'long', year: 'numeric' }).format(
    new Date(year, index - 1, 1),
  );
}

/** The same as a heading or a list item begins it: "Novembro de 2026". */
export function monthTitle(month: string, language: string): string {
  const text = formatMonth(month, language);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
