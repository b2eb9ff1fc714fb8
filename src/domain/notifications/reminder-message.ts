import type { Language } from './notification';

const TEXT: Record<Language, { locale: string; subject: string; body: string; open: string }> = {
  pt: {
    locale: 'pt-BR',
    subject: 'Lembrete: {subject}',
    body: '"{subject}" vence em {due}.',
    open: 'Abrir a atividade: {link}',
  },
  en: {
    locale: 'en-US',
    subject: 'Reminder: {subject}',
    body: '"{subject}" is due {due}.',
    open: 'Open the activity: {link}',
  },
};

// Building a formatter costs far more than using one; a reminder burst reuses them.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let found = formatters.get(key);
  if (!found)
    formatters.set(
      key,
      (found = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone })),
    );
  return found;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/** The reminder's title and text in the assignee's language, with the due time in their time zone. */
export function reminderMessage(input: {
  subject: string;
  dueAt: Date;
  language: Language;
  timeZone: string;
  link: string;
}) {
  const t = TEXT[input.language];
  const due = formatter(t.locale, input.timeZone).format(input.dueAt);
  const title = fill(t.subject, { subject: input.subject });
  const body = fill(t.body, { subject: input.subject, due });
  return { title, body, emailText: `${body}\n\n${fill(t.open, { link: input.link })}\n` };
}
