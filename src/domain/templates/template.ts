export interface EmailTemplate {
  id: number;
  name: string;
  subject: string;
  body: string;
  category: string | null;
  isActive: boolean;
  /** The names in double braces, in order of first appearance. */
  variables: string[];
  createdBy: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export type TemplateFields = Pick<EmailTemplate, 'name' | 'subject' | 'body' | 'category' | 'isActive'>;
export type NewTemplate = Partial<TemplateFields> & Pick<TemplateFields, 'name' | 'subject' | 'body'> & { createdBy: number };

export interface TemplateFilter {
  /** Part of the name or subject. */
  search?: string;
  category?: string;
  isActive?: boolean;
}

export interface RenderedTemplate {
  subject: string;
  body: string;
  /** Variables the template uses that nothing filled; their placeholders stay as written. */
  missing: string[];
}

const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

export function extractVariables(...texts: string[]): string[] {
  return [...new Set(texts.flatMap((text) => [...text.matchAll(VARIABLE)].map((m) => m[1])))];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
// A subject is one header line: no line breaks from the data.
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

/**
 * Fills the placeholders. What is inserted into the body is HTML-escaped (the body may be sent as HTML);
 * what is inserted into the subject is kept on one line. The template's own text is left as written.
 */
export function renderTemplate(template: Pick<EmailTemplate, 'subject' | 'body'>, values: Record<string, string | null | undefined>): RenderedTemplate {
  const missing = new Set<string>();
  const fill = (text: string, escape: (value: string) => string) =>
    text.replace(VARIABLE, (placeholder, name: string) => {
      const value = Object.hasOwn(values, name) ? values[name] : undefined;
      if (value === undefined || value === null) {
        missing.add(name);
        return placeholder;
      }
      return escape(value);
    });
  return { subject: fill(template.subject, oneLine), body: fill(template.body, escapeHtml), missing: [...missing] };
}
