import type { Language } from './notification';

export interface DigestItem {
  id: number;
  subject: string;
  dueDate: Date;
}

const TEXTS = {
  pt: {
    title: (overdue: number, today: number) => `Seu dia: ${overdue} atrasada(s), ${today} para hoje`,
    overdue: 'Atrasadas',
    today: 'Para hoje',
    all: 'Todas as suas atividades',
  },
  en: {
    title: (overdue: number, today: number) => `Your day: ${overdue} overdue, ${today} due today`,
    overdue: 'Overdue',
    today: 'Due today',
    all: 'All your activities',
  },
} satisfies Record<Language, unknown>;

/** The morning digest, in the user's language and time zone: overdue ones, then today's, each with its link. */
export function digestMessage(input: {
  overdue: DigestItem[];
  today: DigestItem[];
  language: Language;
  timeZone: string;
  appUrl: string;
}) {
  const texts = TEXTS[input.language];
  const when = new Intl.DateTimeFormat(input.language === 'pt' ? 'pt-BR' : 'en-GB', {
    timeZone: input.timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  const line = (item: DigestItem) =>
    `- ${item.subject} (${when.format(item.dueDate)})\n  ${input.appUrl}/crm/activities?activity=${item.id}`;
  const section = (heading: string, items: DigestItem[]) =>
    items.length ? [`${heading}:`, ...items.map(line), ''] : [];
  const title = texts.title(input.overdue.length, input.today.length);
  return {
    title,
    body: [...input.overdue, ...input.today].map((item) => item.subject).join(', '),
    emailText: [
      ...section(texts.overdue, input.overdue),
      ...section(texts.today, input.today),
      `${texts.all}: ${input.appUrl}/crm/activities`,
    ].join('\n'),
  };
}

/** One formatter per time zone: making one costs ten times what using it does (the home asks about twenty per request). */
const clockFormats = new Map<string, Intl.DateTimeFormat>();
function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    clockFormats.set(timeZone, format);
  }
  return format;
}

/** The wall clock in a time zone: its date (yyyy-mm-dd), weekday (1 Monday to 7 Sunday) and hour. */
export function localClock(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    clockFormat(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!) + 1;
  const [year, month, day, hour, minute, second] = ['year', 'month', 'day', 'hour', 'minute', 'second'].map((k) =>
    Number(parts[k]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday, hour, year, month, day, minute, second };
}

/** The instant the local day after `at` begins in the time zone (its next midnight). */
export function nextLocalMidnight(at: Date, timeZone: string): Date {
  const local = localClock(at, timeZone);
  const wall = Date.UTC(local.year, local.month - 1, local.day + 1);
  let guess = wall;
  // Twice: the offset at the guess may differ from the offset now (a DST change overnight).
  for (let i = 0; i < 2; i++) {
    const seen = localClock(new Date(guess), timeZone);
    const offset = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second) - guess;
    guess = wall - offset;
  }
  return new Date(guess);
}
