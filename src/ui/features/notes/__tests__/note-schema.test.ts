import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { emptyNote, noteFields, noteSchema, tomorrowMorning } from '../note-schema';

const t = ((key: string) => key) as unknown as TFunction;
const schema = noteSchema(t);

const messages = (values: object) => {
  const result = schema.safeParse({ ...emptyNote(), ...values });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the note form', () => {
  it('asks for the text, whole minutes up to a day, and a next step’s subject and due time only when planned', () => {
    expect(messages({ body: '   ' })).toEqual({ body: 'notes.validation.body' });
    expect(messages({ body: 'x'.repeat(20_001) })).toEqual({ body: 'validation.maxLength' });
    expect(messages({ body: 'x'.repeat(20_000) })).toEqual({});
    expect(messages({ body: 'ok', durationMin: 1441 })).toEqual({ durationMin: 'notes.validation.duration' });
    expect(messages({ body: 'ok', durationMin: 2.5 })).toEqual({ durationMin: 'notes.validation.duration' });
    expect(messages({ body: 'ok', next: { type: 'task', subject: '', dueDate: '' } })).toEqual({});
    expect(messages({ body: 'ok', planNext: true, next: { type: 'task', subject: ' ', dueDate: '' } })).toEqual({
      'next.subject': 'validation.required',
      'next.dueDate': 'validation.required',
    });
  });

  it('sends an outcome for calls only and a duration for calls and meetings', () => {
    const parse = (values: object) => schema.parse({ ...emptyNote(), body: 'ok', durationMin: 15, ...values });
    expect(noteFields(parse({ kind: 'call', outcome: 'busy' }), { sendWhen: false })).toEqual({
      kind: 'call',
      body: 'ok',
      outcome: 'busy',
      durationMin: 15,
    });
    expect(noteFields(parse({ kind: 'call', outcome: 'none' }), { sendWhen: false }).outcome).toBeNull();
    expect(noteFields(parse({ kind: 'meeting', outcome: 'busy' }), { sendWhen: false })).toMatchObject({
      outcome: null,
      durationMin: 15,
    });
    expect(noteFields(parse({ kind: 'whatsapp' }), { sendWhen: false })).toMatchObject({
      outcome: null,
      durationMin: null,
    });
    // "When" is sent as an instant once the person set it; untouched, the server's now is the note's time.
    const when = noteFields(parse({ occurredAt: '2026-11-20T14:30' }), { sendWhen: true }).occurredAt;
    expect(when).toBe(new Date(2026, 10, 20, 14, 30).toISOString());
  });

  it('plans a next step for tomorrow at 9:00 by default', () => {
    expect(tomorrowMorning(new Date(2026, 11, 31, 18, 5))).toBe('2027-01-01T09:00');
  });
});
