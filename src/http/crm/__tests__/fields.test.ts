import { describe, expect, it } from 'vitest';
import { expectErrorShape, useCrmServer } from './crm-test-kit';

const crm = useCrmServer();
const BASE = '/api/crm/fields';

const segment = {
  entity: 'contact',
  key: 'segment',
  label: { pt: 'Segmento', en: 'Segment' },
  type: 'select',
  options: ['varejo', { key: 'industria', label: { pt: 'Indústria', en: 'Industry' } }],
};

describe('custom fields', () => {
  it('lets an admin define a field, with options given whole or as a plain string, listed by entity and position', async () => {
    const created = await crm.users.admin.post(BASE, segment);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      entity: 'contact',
      key: 'segment',
      label: { pt: 'Segmento', en: 'Segment' },
      type: 'select',
      required: false,
      retired: false,
      position: 1,
      options: [
        { key: 'varejo', label: { pt: 'varejo', en: 'varejo' }, retired: false },
        { key: 'industria', label: { pt: 'Indústria', en: 'Industry' }, retired: false },
      ],
    });
    const budget = await crm.users.admin.post(BASE, {
      entity: 'deal',
      key: 'budget',
      label: { pt: 'Orçamento', en: 'Budget' },
      type: 'currency',
      required: true,
    });
    expect(budget.status, budget.text).toBe(201);
    // First among the contact's fields: the segment moves to second.
    const first = await crm.users.admin.post(BASE, {
      entity: 'contact',
      key: 'cpf',
      label: { pt: 'CPF', en: 'CPF' },
      type: 'text',
      position: 1,
    });
    expect(first.body.position).toBe(1);

    const contacts = await crm.users.employee.get(`${BASE}?entity=contact`);
    expect(contacts.status).toBe(200);
    expect(contacts.body.items.map((f: { key: string; position: number }) => [f.key, f.position])).toEqual([
      ['cpf', 1],
      ['segment', 2],
    ]);
    const every = await crm.users.employee.get(BASE);
    expect(every.body.items.map((f: { entity: string }) => f.entity)).toEqual(['contact', 'contact', 'deal']);
    expect((await crm.users.employee.get(`${BASE}/${budget.body.id}`)).body.key).toBe('budget');
  });

  it('refuses a taken key (409 naming key) and bad definitions (400 naming the field); only admins write', async () => {
    const taken = await crm.users.admin.post(BASE, segment);
    expect([taken.status, taken.body.error.code, taken.body.error.details[0].path]).toEqual([
      409,
      'FIELD.KEY_TAKEN',
      'key',
    ]);
    // The same key on another entity is another field.
    expect((await crm.users.admin.post(BASE, { ...segment, entity: 'company' })).status).toBe(201);
    const refused = async (body: object, path: string) => {
      const res = await crm.users.admin.post(BASE, { ...segment, key: 'other', ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(res.body);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    };
    await refused({ key: 'Segmento' }, 'key');
    await refused({ key: 'customFields.x' }, 'key');
    await refused({ entity: 'activity' }, 'entity');
    await refused({ type: 'color' }, 'type');
    await refused({ type: 'text' }, 'options');
    await refused({ options: [] }, 'options');
    await refused({ options: ['a', 'a'] }, 'options.1.key');
    await refused({ options: ['com espaço'] }, 'options.0');
    await refused({ label: { pt: 'Só pt' } }, 'label.en');
    expect(await crm.knex('customFields').where({ key: 'other' })).toEqual([]);

    const employee = await crm.users.employee.post(BASE, { ...segment, key: 'mine' });
    expect(employee.status).toBe(403);
    const developer = await crm.users.developer.post(BASE, { ...segment, key: 'mine' });
    expect(developer.status).toBe(403);
  });

  it('renames and retires options but never drops one, and keeps key, entity and type fixed', async () => {
    const [field] = (await crm.users.admin.get(`${BASE}?entity=contact`)).body.items.filter(
      (f: { key: string }) => f.key === 'segment',
    );
    const renamed = await crm.users.admin.patch(`${BASE}/${field.id}`, {
      options: [
        { key: 'varejo', label: { pt: 'Varejo', en: 'Retail' } },
        { key: 'industria', label: { pt: 'Indústria', en: 'Industry' }, retired: true },
        'servicos',
      ],
      updatedAt: field.updatedAt,
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.options.map((o: { key: string; retired: boolean }) => [o.key, o.retired])).toEqual([
      ['varejo', false],
      ['industria', true],
      ['servicos', false],
    ]);
    const dropped = await crm.users.admin.patch(`${BASE}/${field.id}`, { options: ['varejo', 'servicos'] });
    expect([dropped.status, dropped.body.error.details[0].path]).toEqual([400, 'options']);
    expect(dropped.body.error.message).toContain('industria');
    const retype = await crm.users.admin.patch(`${BASE}/${field.id}`, { type: 'text' });
    expect([retype.status, retype.body.error.details[0].path]).toEqual([400, 'type']);
    // A stale version is a conflict, and changes nothing.
    const stale = await crm.users.admin.patch(`${BASE}/${field.id}`, {
      label: { pt: 'Ramo', en: 'Industry' },
      updatedAt: field.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect((await crm.users.admin.get(`${BASE}/${field.id}`)).body.label.pt).toBe('Segmento');
  });

  it('retires a field on DELETE (hidden from the list, the definition kept) and restores it with PATCH retired: false', async () => {
    const [field] = (await crm.users.admin.get(`${BASE}?entity=contact`)).body.items.filter(
      (f: { key: string }) => f.key === 'cpf',
    );
    expect((await crm.users.employee.delete(`${BASE}/${field.id}`)).status).toBe(403);
    expect((await crm.users.admin.delete(`${BASE}/${field.id}`)).status).toBe(204);
    const keys = async (query: string) =>
      (await crm.users.admin.get(`${BASE}?entity=contact${query}`)).body.items.map((f: { key: string }) => f.key);
    expect(await keys('')).toEqual(['segment']);
    expect(await keys('&includeRetired=true')).toEqual(['cpf', 'segment']);
    const restored = await crm.users.admin.patch(`${BASE}/${field.id}`, { retired: false });
    expect(restored.body.retired).toBe(false);
    expect(await keys('')).toEqual(['cpf', 'segment']);
    expect((await crm.users.admin.delete(`${BASE}/999999`)).status).toBe(404);
  });

  it('holds at most 50 fields per entity, retired ones included', async () => {
    for (let i = 0; i < 50; i++) {
      const res = await crm.users.admin.post(BASE, {
        entity: 'company',
        key: `extra${i}`,
        label: { pt: `Extra ${i}`, en: `Extra ${i}` },
        type: 'number',
      });
      if (res.status !== 201) {
        expect([res.status, res.body.error.code]).toEqual([409, 'FIELD.LIMIT_REACHED']);
        // The company's segment made the first; 49 more fit.
        expect(i).toBe(49);
        return;
      }
    }
    throw new Error('no limit');
  });
});
