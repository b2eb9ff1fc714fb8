// What the templates screen reads in a template's text: its {{variables}}, where one is being typed, and
// how a picked one goes in. Pure functions, tested beside them.

/** A variable as the server reads it: a name in double braces, spaces inside allowed. */
const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

export interface TextPart {
  text: string;
  /** The variable's name when this part is a placeholder. */
  variable?: string;
}

/** The text cut into plain parts and placeholders, in order (for highlighting). */
export function splitVariables(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(VARIABLE)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: match[0], variable: match[1] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The names in double braces, once each, in order of first appearance. */
export const variablesIn = (...texts: string[]): string[] => [
  ...new Set(texts.flatMap((text) => splitVariables(text).flatMap((part) => (part.variable ? [part.variable] : [])))),
];

/** The variables of the text that are not known. */
export const unknownVariablesIn = (text: string, known: ReadonlySet<string>): string[] =>
  variablesIn(text).filter((name) => !known.has(name));

/**
 * The variable being typed at the caret: after an opening `{{` with only a name's characters (maybe a
 * space first) between it and the caret. Null when the caret is elsewhere.
 */
export function variableAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /\{\{\s*([A-Za-z0-9_]*)$/.exec(before);
  return match ? { start: match.index, query: match[1] } : null;
}

/** The typed `{{na` replaced by the whole `{{name}}` (a `}}` already after the caret is taken over), and where the caret goes. */
export function insertVariable(
  text: string,
  caret: number,
  start: number,
  name: string,
): { text: string; caret: number } {
  const after = text.slice(caret).replace(/^[A-Za-z0-9_]*\s*\}\}/, '');
  const placeholder = `{{${name}}}`;
  return { text: text.slice(0, start) + placeholder + after, caret: start + placeholder.length };
}

/** The known variables offered for what was typed: names starting with it first, then names containing it. */
export function suggestVariables(names: readonly string[], query: string): string[] {
  const q = query.toLowerCase();
  return [
    ...names.filter((name) => name.startsWith(q)),
    ...names.filter((name) => !name.startsWith(q) && name.includes(q)),
  ];
}
