export interface EmailTemplate {
  id: number;
  name: string;
  subject: string;
  body: string;
  category: string | null;
  isActive: boolean;
  /** The names in double braces, in order of first appearance. */
  variables: string[];
  /** Times it was used for a contact (mail, WhatsApp or copy), and when last. */
  usageCount: number;
  lastUsedAt: Date | null;
  createdBy: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export type TemplateFields = Pick<EmailTemplate, 'name' | 'subject' | 'body' | 'category' | 'isActive'>;
export type NewTemplate = Partial<TemplateFields> &
  Pick<TemplateFields, 'name' | 'subject' | 'body'> & { createdBy: number };

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

/** Where a variable's value comes from when a template is filled for a contact. */
export const VARIABLE_SOURCES = ['contact', 'deal', 'user', 'typed'] as const;
export type VariableSource = (typeof VARIABLE_SOURCES)[number];

export interface TemplateVariable {
  name: string;
  source: VariableSource;
}

/**
 * The variables a template may use: what a contact, one of its deals and the sender fill, and what the
 * sender types when using it (meeting_date). Anything else is refused when a template is written.
 */
export const TEMPLATE_VARIABLES: readonly TemplateVariable[] = [
  { name: 'contact_name', source: 'contact' },
  { name: 'contact_email', source: 'contact' },
  { name: 'contact_phone', source: 'contact' },
  { name: 'company', source: 'contact' },
  { name: 'position', source: 'contact' },
  { name: 'deal_title', source: 'deal' },
  { name: 'deal_value', source: 'deal' },
  { name: 'deal_stage', source: 'deal' },
  { name: 'expected_close_date', source: 'deal' },
  { name: 'user_name', source: 'user' },
  { name: 'meeting_date', source: 'typed' },
];

const KNOWN = new Map(TEMPLATE_VARIABLES.map((v) => [v.name, v]));

/** The variables of these texts that are not in TEMPLATE_VARIABLES. */
export const unknownVariables = (text: string): string[] => extractVariables(text).filter((name) => !KNOWN.has(name));

/** Whether filling the template asks for a deal (it uses a deal's variables). */
export const usesDeal = (variables: readonly string[]): boolean =>
  variables.some((name) => KNOWN.get(name)?.source === 'deal');

/** Where a template is sent from a contact's page; `copy` puts it on the clipboard. */
export const TEMPLATE_CHANNELS = ['email', 'whatsapp', 'copy'] as const;
export type TemplateChannel = (typeof TEMPLATE_CHANNELS)[number];

/** html: inserted values are escaped (an HTML e-mail body); text: inserted as written (mailto:, WhatsApp, clipboard). */
export const RENDER_FORMATS = ['html', 'text'] as const;
export type RenderFormat = (typeof RENDER_FORMATS)[number];

const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

export function extractVariables(...texts: string[]): string[] {
  return [...new Set(texts.flatMap((text) => [...text.matchAll(VARIABLE)].map((m) => m[1])))];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
// A subject is one header line: no line breaks from the data.
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

/**
 * Fills the placeholders. In the html format what is inserted into the subject and the body is HTML-escaped
 * (either may be shown as HTML); in the text format it is inserted as written. What is inserted into the
 * subject is also kept on one line. The template's own text is left as written.
 */
export function renderTemplate(
  template: Pick<EmailTemplate, 'subject' | 'body'>,
  values: Record<string, string | null | undefined>,
  format: RenderFormat = 'html',
): RenderedTemplate {
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
  const insert = format === 'html' ? escapeHtml : (value: string) => value;
  return {
    subject: fill(template.subject, (value) => insert(oneLine(value))),
    body: fill(template.body, insert),
    missing: [...missing],
  };
}
