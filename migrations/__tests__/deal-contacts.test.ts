import { describe, expect, it } from 'vitest';
import { down, up } from '../20261128100100_create_deal_contacts';
import { useMigratedDatabase } from './migrated-database';

const db = useMigratedDatabase();

describe('the deal_contacts migration', () => {
  it("makes each deal's contactId its primary link with the role other, once however often it runs", async () => {
    // As before the table existed: the migration runs again on these rows.
    await down(db.knex);
    const contact = async (name: string) =>
      (await db.knex('contacts').insert({ name }).returning('id'))[0].id as number;
    const deal = async (title: string, contactId: number | null) =>
      (await db.knex('deals').insert({ title, stage: 'prospecting', contactId }).returning(['id', 'createdAt']))[0];
    const ana = await contact('Ana');
    const bia = await contact('Bia');
    const withAna = await deal('with Ana', ana);
    const alsoAna = await deal('also Ana', ana);
    const withBia = await deal('with Bia', bia);
    const nobody = await deal('nobody', null);
    const ids = [withAna.id, alsoAna.id, withBia.id, nobody.id];

    await up(db.knex);
    const links = async () =>
      db
        .knex('deal_contacts')
        .whereIn('dealId', ids)
        .orderBy('dealId')
        .select('dealId', 'contactId', 'role', 'isPrimary', 'createdAt');
    const expected = [
      { dealId: withAna.id, contactId: ana, role: 'other', isPrimary: true, createdAt: withAna.createdAt },
      { dealId: alsoAna.id, contactId: ana, role: 'other', isPrimary: true, createdAt: alsoAna.createdAt },
      { dealId: withBia.id, contactId: bia, role: 'other', isPrimary: true, createdAt: withBia.createdAt },
    ];
    expect(await links()).toEqual(expected);
    expect((await db.knex('deals').whereIn('id', ids).select('companyId')).map((r) => r.companyId)).toEqual([
      null,
      null,
      null,
      null,
    ]);

    await up(db.knex);
    expect(await links()).toEqual(expected);
  });

  it('keeps one primary per deal and a person once per deal; deleting either side removes the link', async () => {
    const [{ id: person }] = await db.knex('contacts').insert({ name: 'Once' }).returning('id');
    const [{ id: other }] = await db.knex('contacts').insert({ name: 'Other' }).returning('id');
    const [{ id: dealId }] = await db.knex('deals').insert({ title: 'Links', stage: 'prospecting' }).returning('id');
    await db.knex('deal_contacts').insert({ dealId, contactId: person, role: 'user', isPrimary: true });
    await expect(
      db.knex('deal_contacts').insert({ dealId, contactId: other, role: 'user', isPrimary: true }),
    ).rejects.toMatchObject({ constraint: 'deal_contacts_one_primary_unique' });
    await expect(db.knex('deal_contacts').insert({ dealId, contactId: person, role: 'other' })).rejects.toMatchObject({
      code: '23505',
    });
    await expect(db.knex('deal_contacts').insert({ dealId, contactId: other, role: 'boss' })).rejects.toMatchObject({
      constraint: 'deal_contacts_role_check',
    });
    await db.knex('deal_contacts').insert({ dealId, contactId: other, role: 'technical' });

    await db.knex('contacts').where({ id: person }).delete();
    expect(await db.knex('deal_contacts').where({ dealId }).select('contactId')).toEqual([{ contactId: other }]);
    await db.knex('deals').where({ id: dealId }).delete();
    expect(await db.knex('deal_contacts').where({ contactId: other })).toEqual([]);
  });
});
