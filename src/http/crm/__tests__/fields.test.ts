import { parse } from 'csv-parse/sync';
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
    const { rows: made } = await crm.knex.raw(
      `SELECT jsonb_typeof(options) AS kind, jsonb_array_length(options) AS count FROM custom_fields WHERE id = ?`,
      [created.body.id],
    );
    expect(made).toEqual([{ kind: 'array', count: 2 }]);
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
    // One entity's list (a named statement of its own) reads each field as the whole list does, every property.
    expect(contacts.body.items).toEqual(every.body.items.filter((f: { entity: string }) => f.entity === 'contact'));
    expect(every.body.items.find((f: { id: number }) => f.id === budget.body.id).key).toBe('budget');
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
    // Stored as the JSON array SQL, reports and integrations read, not as its text inside a JSON string.
    const { rows: stored } = await crm.knex.raw(
      `SELECT jsonb_typeof(options) AS kind, options -> 2 ->> 'key' AS third FROM custom_fields WHERE id = ?`,
      [field.id],
    );
    expect(stored).toEqual([{ kind: 'array', third: 'servicos' }]);
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
    const after = (await crm.users.admin.get(`${BASE}?entity=contact`)).body.items;
    expect(after.find((f: { id: number }) => f.id === field.id).label.pt).toBe('Segmento');
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
    // Read alone by its id, retired or not, by anyone who reads the fields.
    const one = await crm.users.employee.get(`${BASE}/${field.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: field.id, key: 'cpf', retired: true });
    expect((await crm.users.employee.get(`${BASE}/999999`)).body.error.code).toBe('FIELD.NOT_FOUND');
    const restored = await crm.users.admin.patch(`${BASE}/${field.id}`, { retired: false });
    expect(restored.body.retired).toBe(false);
    expect(await keys('')).toEqual(['cpf', 'segment']);
    expect((await crm.users.admin.delete(`${BASE}/999999`)).status).toBe(404);
  });

  it('pins at most two fields of a kind of record to its cards; a retired one frees its place', async () => {
    const { admin } = crm.users;
    const make = async (key: string, pinned: boolean) => {
      const res = await admin.post(BASE, { entity: 'deal', key, label: { pt: key, en: key }, type: 'text', pinned });
      expect(res.status, res.text).toBe(201);
      return res.body as { id: number; pinned: boolean; updatedAt: string };
    };
    const first = await make('pinA', true);
    expect(first.pinned).toBe(true);
    await make('pinB', true);
    const third = await admin.post(BASE, {
      entity: 'deal',
      key: 'pinC',
      label: { pt: 'C', en: 'C' },
      type: 'text',
      pinned: true,
    });
    expect([third.status, third.body.error.details[0].path]).toEqual([400, 'pinned']);
    expect(third.body.error.message).toContain('pinA, pinB');
    const later = await make('pinD', false);
    const refused = await admin.patch(`${BASE}/${later.id}`, { pinned: true });
    expect([refused.status, refused.body.error.details[0].path]).toEqual([400, 'pinned']);
    // Retired, the first no longer takes a place; unpinning works as any change.
    expect((await admin.delete(`${BASE}/${first.id}`)).status).toBe(204);
    const pinned = await admin.patch(`${BASE}/${later.id}`, { pinned: true });
    expect([pinned.status, pinned.body.pinned]).toEqual([200, true]);
    const unpinned = await admin.patch(`${BASE}/${later.id}`, { pinned: false });
    expect(unpinned.body.pinned).toBe(false);
    expect((await crm.users.employee.patch(`${BASE}/${later.id}`, { pinned: true })).status).toBe(403);
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

describe('custom field values on contacts', () => {
  const define = async (body: object) => {
    const res = await crm.users.admin.post(BASE, { entity: 'contact', ...body });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number };
  };
  const keyed = (key: string, type: string, more: object = {}) => ({ key, label: { pt: key, en: key }, type, ...more });

  it('stores each type in its shape, refuses a wrong one naming customFields.<key>, and merges changes', async () => {
    await define(keyed('since', 'date'));
    await define(keyed('budget', 'currency'));
    await define(keyed('channels', 'multiSelect', { options: ['email', 'whatsapp'] }));
    await define(keyed('vip', 'checkbox'));
    const created = await crm.users.employee.post('/api/crm/contacts', {
      name: 'Cida Valores',
      customFields: { since: '2025-03-01', budget: '2500.5', channels: ['whatsapp'], vip: true, segment: 'varejo' },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.customFields).toEqual({
      since: '2025-03-01',
      budget: '2500.50',
      channels: ['whatsapp'],
      vip: true,
      segment: 'varejo',
    });

    const refusedWith = async (customFields: object, path: string) => {
      const res = await crm.users.employee.post('/api/crm/contacts', { name: 'Refused', customFields });
      expect(res.status, JSON.stringify(customFields)).toBe(400);
      expect(res.body.error.details[0].path).toBe(path);
    };
    await refusedWith({ since: '31/12/2025' }, 'customFields.since');
    await refusedWith({ budget: 'muito' }, 'customFields.budget');
    await refusedWith({ channels: ['fax'] }, 'customFields.channels');
    await refusedWith({ segment: 'industria' }, 'customFields.segment'); // retired
    await refusedWith({ nickname: 'x' }, 'customFields.nickname'); // no such field
    expect(await crm.knex('contacts').where({ name: 'Refused' })).toEqual([]);

    // A change sends only what changes: the rest stays; null removes a value.
    const id = created.body.id;
    const changed = await crm.users.employee.patch(`/api/crm/contacts/${id}`, {
      customFields: { vip: null, budget: '3000' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.customFields).toEqual({
      since: '2025-03-01',
      budget: '3000.00',
      channels: ['whatsapp'],
      segment: 'varejo',
    });
    const badChange = await crm.users.employee.patch(`/api/crm/contacts/${id}`, { customFields: { vip: 'sim' } });
    expect([badChange.status, badChange.body.error.details[0].path]).toEqual([400, 'customFields.vip']);
    expect((await crm.users.employee.get(`/api/crm/contacts/${id}`)).body.customFields).toEqual(
      changed.body.customFields,
    );
  });

  it('keeps a retired field’s value through other changes, and asks for a required field on a create only', async () => {
    const since = (await crm.users.admin.get(`${BASE}?entity=contact`)).body.items.find(
      (f: { key: string }) => f.key === 'since',
    );
    const contact = await crm.users.employee.post('/api/crm/contacts', {
      name: 'Davi Aposentado',
      customFields: { since: '2024-01-02' },
    });
    expect((await crm.users.admin.delete(`${BASE}/${since.id}`)).status).toBe(204);
    const changed = await crm.users.employee.patch(`/api/crm/contacts/${contact.body.id}`, {
      customFields: { vip: true },
    });
    expect(changed.body.customFields).toEqual({ since: '2024-01-02', vip: true });
    const retired = await crm.users.employee.patch(`/api/crm/contacts/${contact.body.id}`, {
      customFields: { since: '2024-05-05' },
    });
    expect([retired.status, retired.body.error.details[0].path]).toEqual([400, 'customFields.since']);

    await define(keyed('document', 'text', { required: true }));
    const missing = await crm.users.employee.post('/api/crm/contacts', { name: 'Sem documento' });
    expect([missing.status, missing.body.error.details[0].path]).toEqual([400, 'customFields.document']);
    // An older contact without it changes freely, but cannot empty it once set.
    expect((await crm.users.employee.patch(`/api/crm/contacts/${contact.body.id}`, { notes: 'ok' })).status).toBe(200);
    const set = await crm.users.employee.patch(`/api/crm/contacts/${contact.body.id}`, {
      customFields: { document: '123.456.789-00' },
    });
    expect(set.status).toBe(200);
    const emptied = await crm.users.employee.patch(`/api/crm/contacts/${contact.body.id}`, {
      customFields: { document: null },
    });
    expect([emptied.status, emptied.body.error.details[0].path]).toEqual([400, 'customFields.document']);
  });

  it('sets a value on many contacts at once (by ids or by the list filter), each keeping its other values', async () => {
    await define(keyed('tier', 'select', { options: ['ouro', 'prata'] }));
    const made: number[] = [];
    for (const name of ['Bulk Um', 'Bulk Dois'])
      made.push(
        (
          await crm.users.employee.post('/api/crm/contacts', {
            name,
            source: 'bulk-fields',
            customFields: { document: name, channels: ['email'] },
          })
        ).body.id as number,
      );
    const byFilter = await crm.users.employee.post('/api/crm/contacts/bulk', {
      filter: { source: 'bulk-fields' },
      action: 'update',
      customFields: { tier: 'ouro', channels: null },
    });
    expect(byFilter.status, byFilter.text).toBe(200);
    expect(byFilter.body).toEqual({ changed: 2, unchanged: 0, refused: [] });
    const values = async () =>
      (await crm.knex('contacts').whereIn('id', made).orderBy('id').select('customFields')).map((c) => c.customFields);
    expect(await values()).toEqual([
      { document: 'Bulk Um', tier: 'ouro' },
      { document: 'Bulk Dois', tier: 'ouro' },
    ]);
    // The filter finds them by the value just set; a value no field takes changes none of them.
    const byValue = await crm.users.employee.get('/api/crm/contacts?customFields.tier=ouro&source=bulk-fields');
    expect(byValue.body.items.map((c: { id: number }) => c.id).sort()).toEqual(made);
    for (const [customFields, path] of [
      [{ tier: 'bronze' }, 'customFields.tier'],
      [{ document: null }, 'customFields.document'],
      [{}, 'customFields'],
    ] as const) {
      const refused = await crm.users.employee.post('/api/crm/contacts/bulk', {
        ids: made,
        action: 'update',
        customFields,
      });
      expect([refused.status, refused.body.error.details[0].path], JSON.stringify(customFields)).toEqual([400, path]);
    }
    const deleting = await crm.users.employee.post('/api/crm/contacts/bulk', {
      ids: made,
      action: 'delete',
      customFields: { tier: 'prata' },
    });
    expect(deleting.status).toBe(400);
    expect(await values()).toEqual([
      { document: 'Bulk Um', tier: 'ouro' },
      { document: 'Bulk Dois', tier: 'ouro' },
    ]);
  });
});

describe('custom field values on deals and companies', () => {
  it("checks a deal's values against the deals' fields: the required budget asked for, stored as a decimal string", async () => {
    const missing = await crm.users.employee.post('/api/crm/deals', { title: 'Sem orçamento' });
    expect([missing.status, missing.body.error.details[0].path]).toEqual([400, 'customFields.budget']);
    const deal = await crm.users.employee.post('/api/crm/deals', {
      title: 'Com orçamento',
      customFields: { budget: '12000' },
    });
    expect(deal.status, deal.text).toBe(201);
    expect(deal.body.customFields).toEqual({ budget: '12000.00' });
    const wrong = await crm.users.employee.patch(`/api/crm/deals/${deal.body.id}`, {
      customFields: { budget: 'caro' },
    });
    expect([wrong.status, wrong.body.error.details[0].path]).toEqual([400, 'customFields.budget']);
    const changed = await crm.users.employee.patch(`/api/crm/deals/${deal.body.id}`, { value: '500.00' });
    expect(changed.body).toMatchObject({ value: '500.00', customFields: { budget: '12000.00' } });
    expect((await crm.users.other.get(`/api/crm/deals/${deal.body.id}`)).body.customFields).toEqual({
      budget: '12000.00',
    });
  });

  it("checks a company's values against the companies' fields, and merges a change", async () => {
    const company = await crm.users.employee.post('/api/crm/companies', {
      name: 'Padaria Campos',
      customFields: { segment: 'varejo', extra3: 7 },
    });
    expect(company.status, company.text).toBe(201);
    expect(company.body.customFields).toEqual({ segment: 'varejo', extra3: 7 });
    const wrong = await crm.users.employee.post('/api/crm/companies', {
      name: 'Errada',
      customFields: { extra3: '7' },
    });
    expect([wrong.status, wrong.body.error.details[0].path]).toEqual([400, 'customFields.extra3']);
    expect(await crm.knex('companies').where({ name: 'Errada' })).toEqual([]);
    const changed = await crm.users.employee.patch(`/api/crm/companies/${company.body.id}`, {
      customFields: { extra3: null, extra4: 1.5 },
    });
    expect(changed.body.customFields).toEqual({ segment: 'varejo', extra4: 1.5 });

    // The list and its export filter by them as the contacts' do.
    await crm.users.employee.post('/api/crm/companies', { name: 'Padaria Outra', customFields: { extra4: 2 } });
    const names = async (query: string) => {
      const res = await crm.users.employee.get(`/api/crm/companies?search=Padaria&${query}`);
      expect(res.status, res.text).toBe(200);
      return (res.body.items as { name: string }[]).map((c) => c.name);
    };
    expect(await names('customFields.extra4=1.5')).toEqual(['Padaria Campos']);
    expect(await names('customFields.segment=varejo')).toEqual(['Padaria Campos']);
    expect(await names('customFields.extra4=2')).toEqual(['Padaria Outra']);
    const file = await crm.users.employee.get('/api/crm/companies/export?customFields.extra4=2');
    expect(file.text).toContain('Padaria Outra');
    expect(file.text).not.toContain('Padaria Campos');
    const bad = await crm.users.employee.get('/api/crm/companies?customFields.extra4=muito');
    expect([bad.status, bad.body.error.details[0].path]).toEqual([400, 'customFields.extra4']);
  });

  it('exports the offered fields as columns after the others: keys and stored values in csv, labels as a person reads them in excel', async () => {
    const { admin } = crm.users;
    // Contacts (this file's companies hold the most fields an entity may have), with its required document.
    const define = async (field: object) => {
      const res = await admin.post(BASE, { entity: 'contact', ...field });
      expect(res.status, res.text).toBe(201);
      return res.body;
    };
    await define({
      key: 'exSector',
      label: { pt: 'Setor', en: 'Sector' },
      type: 'select',
      options: [{ key: 'food', label: { pt: 'Alimentação', en: 'Food' } }],
    });
    await define({ key: 'exRevenue', label: { pt: 'Faturamento', en: 'Revenue' }, type: 'currency' });
    await define({ key: 'exSince', label: { pt: 'Cliente desde', en: 'Customer since' }, type: 'date' });
    await define({ key: 'exPartner', label: { pt: 'Parceira', en: 'Partner' }, type: 'checkbox' });
    const gone = await define({ key: 'exLegacy', label: { pt: 'Antigo', en: 'Old' }, type: 'text' });
    const made = await admin.post('/api/crm/contacts', {
      name: 'Rita Exportada',
      customFields: {
        document: 'D-1',
        exSector: 'food',
        exRevenue: '1234.5',
        exSince: '2025-03-09',
        exPartner: true,
        exLegacy: 'x',
      },
    });
    expect(made.status, made.text).toBe(201);
    await admin.delete(`${BASE}/${gone.id}`);
    const columns = (text: string, delimiter: string, names: string[]) => {
      const [header, row] = parse(text.slice(1), { delimiter }) as string[][];
      // After the record's own columns, in the fields' order.
      expect(header!.indexOf(names[0]!)).toBeGreaterThan(header!.indexOf(delimiter === ',' ? 'updatedAt' : 'name'));
      return { header: header!, values: names.map((name) => row![header!.indexOf(name)]) };
    };

    const csv = await admin.get('/api/crm/contacts/export?search=Rita%20Exportada');
    const keys = ['exSector', 'exRevenue', 'exSince', 'exPartner'].map((key) => `customFields.${key}`);
    const plain = columns(csv.text, ',', keys);
    expect(plain.values).toEqual(['food', '1234.50', '2025-03-09', 'true']);
    // A retired field's values stay in the records, out of the file.
    expect(plain.header).not.toContain('customFields.exLegacy');

    const excel = await admin.get('/api/crm/contacts/export?search=Rita%20Exportada&format=excel');
    const pt = columns(excel.text, ';', ['Setor', 'Faturamento', 'Cliente desde', 'Parceira']);
    expect(pt.values).toEqual(['Alimentação', '1234,50', '09/03/2025', 'Sim']);
    expect(pt.header).not.toContain('Antigo');
    const en = await admin.get('/api/crm/contacts/export?search=Rita%20Exportada&format=excel&lang=en');
    const english = columns(en.text, en.text.split('\n')[0]!.includes(';') ? ';' : ',', [
      'Sector',
      'Revenue',
      'Customer since',
      'Partner',
    ]);
    expect(english.values).toEqual(['Food', '1234.50', '2025-03-09', 'Yes']);
  });

  it('filters contacts by customFields.<key>=<value> as each type reads it, in the list and its export; a bad filter is a 400 naming it', async () => {
    const { admin } = crm.users;
    const define = async (field: object) => {
      const res = await admin.post(BASE, { entity: 'contact', ...field });
      expect(res.status, res.text).toBe(201);
      return res.body;
    };
    await define({ key: 'fTier', label: { pt: 'Nível', en: 'Tier' }, type: 'select', options: ['gold', 'silver'] });
    await define({ key: 'fTopics', label: { pt: 'Temas', en: 'Topics' }, type: 'multiSelect', options: ['a', 'b'] });
    await define({ key: 'fSeats', label: { pt: 'Licenças', en: 'Seats' }, type: 'number' });
    await define({ key: 'fActive', label: { pt: 'Ativo', en: 'Active' }, type: 'checkbox' });
    await define({ key: 'fFee', label: { pt: 'Mensalidade', en: 'Fee' }, type: 'currency' });
    const make = async (name: string, values: object) => {
      const res = await admin.post('/api/crm/contacts', { name, customFields: { document: 'D', ...values } });
      expect(res.status, res.text).toBe(201);
      return res.body.id as number;
    };
    const gold = await make('Filtro Ouro', {
      fTier: 'gold',
      fTopics: ['a', 'b'],
      fSeats: 10,
      fActive: true,
      fFee: '99.9',
    });
    const silver = await make('Filtro Prata', { fTier: 'silver', fTopics: ['b'], fSeats: 3, fActive: false });
    // Without any value: left out by every filter below.
    await make('Filtro Nada', {});
    const ids = async (query: string) => {
      const res = await admin.get(`/api/crm/contacts?search=Filtro&${query}`);
      expect(res.status, res.text).toBe(200);
      return (res.body.items as { id: number }[]).map((c) => c.id).sort((x, y) => x - y);
    };
    expect(await ids('customFields.fTier=gold')).toEqual([gold]);
    expect(await ids('customFields.fTopics=b')).toEqual([gold, silver].sort((x, y) => x - y));
    expect(await ids('customFields.fTopics=a')).toEqual([gold]);
    expect(await ids('customFields.fSeats=3')).toEqual([silver]);
    expect(await ids('customFields.fActive=false')).toEqual([silver]);
    expect(await ids('customFields.fFee=99.90')).toEqual([gold]);
    // Two filters: both hold; with the list's own filters too.
    expect(await ids('customFields.fTopics=b&customFields.fTier=silver')).toEqual([silver]);
    expect(await ids('customFields.fTier=gold&status=customer')).toEqual([]);
    // Without a search: the plain list's way.
    const plain = await admin.get('/api/crm/contacts?customFields.fTier=gold');
    expect((plain.body.items as { id: number }[]).map((c) => c.id)).toEqual([gold]);

    const file = await admin.get('/api/crm/contacts/export?search=Filtro&customFields.fTier=silver');
    const [, ...rows] = parse(file.text.slice(1)) as string[][];
    expect(rows.map((row) => row[1])).toEqual(['Filtro Prata']);

    for (const [query, path] of [
      ['customFields.fSeats=many', 'customFields.fSeats'],
      ['customFields.fTier=bronze', 'customFields.fTier'],
      ['customFields.fActive=yes', 'customFields.fActive'],
      ['customFields.nothere=1', 'customFields.nothere'],
    ]) {
      const res = await admin.get(`/api/crm/contacts?${query}`);
      expect([res.status, res.body.error.details[0].path], query).toEqual([400, path]);
    }
  });

  it("filters deals by customFields.<key>=<value>: the list and the board's column totals alike", async () => {
    const { admin } = crm.users;
    const tier = await admin.post(BASE, {
      entity: 'deal',
      key: 'dTier',
      label: { pt: 'Faixa', en: 'Tier' },
      type: 'select',
      options: ['small', 'large'],
    });
    expect(tier.status, tier.text).toBe(201);
    for (const [title, value, dTier] of [
      ['Filtro grande 1', '1000.00', 'large'],
      ['Filtro grande 2', '500.00', 'large'],
      ['Filtro pequeno', '70.00', 'small'],
    ])
      expect(
        (await admin.post('/api/crm/deals', { title, value, customFields: { budget: '1.00', dTier } })).status,
      ).toBe(201);
    const list = await admin.get('/api/crm/deals?search=Filtro&customFields.dTier=large');
    expect(list.status, list.text).toBe(200);
    expect((list.body.items as { title: string }[]).map((d) => d.title).sort()).toEqual([
      'Filtro grande 1',
      'Filtro grande 2',
    ]);
    const summary = await admin.get('/api/crm/pipeline-stages/default/summary?search=Filtro&customFields.dTier=large');
    expect(summary.status, summary.text).toBe(200);
    const totals = summary.body.items as { dealCount: number; valueSum: string }[];
    expect(totals.reduce((sum, s) => sum + s.dealCount, 0)).toBe(2);
    expect(totals.reduce((sum, s) => sum + Number(s.valueSum), 0)).toBe(1500);
    const bad = await admin.get('/api/crm/pipeline-stages/default/summary?customFields.dTier=huge');
    expect([bad.status, bad.body.error.details[0].path]).toEqual([400, 'customFields.dTier']);
  });
});
