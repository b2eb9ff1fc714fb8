import { describe, expect, it } from 'vitest';
import { contactSchema, isEmail } from '../contact-schema';

const schema = contactSchema((key) => key);
const base = {
  name: 'Ana',
  email: '',
  phone: '',
  companyId: null,
  position: '',
  source: '',
  status: 'lead' as const,
  score: 0,
  tags: [],
  notes: '',
  ownerId: 1,
};

describe('contact form schema', () => {
  it('accepts the emails the server accepts, accents included', () => {
    expect(isEmail('joão@exemplo.com.br')).toBe(true);
    expect(isEmail('ana@example.com')).toBe(true);
    expect(isEmail('ana@localhost')).toBe(false);
    expect(isEmail('ana@exemplo..com')).toBe(false);
    expect(isEmail('not-an-email')).toBe(false);
  });

  it('sends empty text as null and trims it', () => {
    expect(schema.parse({ ...base, name: '  Ana  ', position: '  ' })).toMatchObject({
      name: 'Ana',
      position: null,
      email: null,
      companyId: null,
    });
  });

  it('refuses a missing name and a score outside 0..100', () => {
    const result = schema.safeParse({ ...base, name: ' ', score: 101 });
    expect(result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'validation.required'],
      ['score', 'contacts.form.invalidScore'],
    ]);
    expect(schema.safeParse({ ...base, score: Number.NaN }).success).toBe(false);
  });

  it('refuses a phone with letters, as the server does, and takes any way of writing a number', () => {
    const result = schema.safeParse({ ...base, phone: 'não tem' });
    expect(result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['phone', 'validation.phone'],
    ]);
    for (const phone of ['+55 (61) 93729-5260', '61937295260', '3322.1100', ''])
      expect(schema.safeParse({ ...base, phone }).success, phone).toBe(true);
  });
});
