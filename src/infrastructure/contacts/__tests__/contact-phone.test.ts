import { describe, expect, it } from 'vitest';
import type { ContactRepository } from '../../../domain/contacts/contacts.ports';
import { CONTACT_REPOSITORY } from '../../../domain/contacts/contacts.tokens';
import { useTestRuntime } from '../../../main/__tests__/test-runtime';

const app = useTestRuntime();

/**
 * The phone as stored normalised (funil_phone_e164, the generated column phone_e164): E.164, a Brazilian number when
 * no country code is given, the ninth digit added to an old 8-digit mobile; null for what cannot be placed.
 */
describe('a contact phone normalised to E.164', () => {
  const CASES: [typed: string, e164: string | null][] = [
    // A mobile, however it is pasted.
    ['(61) 93729-5260', '+5561937295260'],
    ['+55 61 93729-5260', '+5561937295260'],
    ['61937295260', '+5561937295260'],
    ['5561937295260', '+5561937295260'],
    ['061 93729-5260', '+5561937295260'],
    ['0 41 61 93729-5260', '+5561937295260'],
    ['+55 (61) 9 3729 5260', '+5561937295260'],
    // No DDD: not placed (the search still finds it by its digits).
    ['937295260', null],
    ['93729-5260', null],
    // Landlines (8 digits starting with 2 to 5) stay as they are.
    ['(61) 3322-1100', '+556133221100'],
    ['+55 11 2345-6789', '+551123456789'],
    ['556133221100', '+556133221100'],
    ['(55) 5222-1111', '+555552221111'],
    // Old 8-digit mobiles (starting with 6 to 9) get their ninth digit.
    ['(61) 9372-5260', '+5561993725260'],
    ['61 8372-5260', '+5561983725260'],
    ['+55 21 7372-5260', '+5521973725260'],
    // Other countries, with their +.
    ['+1 (415) 555-2671', '+14155552671'],
    ['+1 415 555 2671', '+14155552671'],
    ['+351 912 345 678', '+351912345678'],
    ['+44 20 7946 0958', '+442079460958'],
    // Not a number that can be placed.
    ['0800 123 4567', null],
    ['123', null],
    ['(61) 1372-5260', null],
    ['+55 61 1234-5678', null],
    ['+0 123 4567 8901', null],
    ['', null],
  ];

  it.each(CASES)('%s -> %s', async (typed, e164) => {
    const { rows } = await app.runtime.db.knex.raw('SELECT funil_phone_e164(?::text) AS e164', [typed]);
    expect(rows[0].e164).toBe(e164);
  });

  it('is stored beside the phone as typed, which is what a contact shows, on create and update', async () => {
    const { knex } = app.runtime.db;
    const contacts = app.get<ContactRepository>(CONTACT_REPOSITORY);
    const { id: userId } = await app.viewer();
    const created = await contacts.createRecorded(
      { name: 'Fone Novo', phone: '(61) 93729-5260', createdBy: userId },
      { userId },
    );
    expect(created.phone).toBe('(61) 93729-5260');
    expect(created).not.toHaveProperty('phoneE164');
    const stored = async (id: number) =>
      (await knex('contacts').where({ id }).first('phone', 'phone_e164')) as {
        phone: string;
        phoneE164: string | null;
      };
    expect(await stored(created.id)).toEqual({ phone: '(61) 93729-5260', phoneE164: '+5561937295260' });

    const updated = await contacts.update(created.id, { phone: '(61) 9372-5260' });
    expect(updated).toMatchObject({ phone: '(61) 9372-5260' });
    expect(updated).not.toHaveProperty('phoneE164');
    expect(await stored(created.id)).toEqual({ phone: '(61) 9372-5260', phoneE164: '+5561993725260' });
    expect(await contacts.findById(created.id)).not.toHaveProperty('phoneE164');
  });
});
