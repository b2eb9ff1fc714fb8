import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { TestClient } from '../../../../tests/support/test-server';
import { useCrmServer } from '../../crm/__tests__/crm-test-kit';
import { importEnded, sendImport } from './import-test-kit';

const crm = useCrmServer();
const BOM = '\uFEFF';

const send = (client: TestClient, path: '' | '/preview', file: string, fields: Record<string, string> = {}) =>
  sendImport(client, `/api/crm/contacts/import${path}`, file, fields);
const finished = importEnded;

const FIELDS = [
  'name',
  'email',
  'phone',
  'companyId',
  'company',
  'position',
  'source',
  'status',
  'score',
  'tags',
  'notes',
  'ownerId',
];

describe('files for people: the Excel format in Portuguese, and back', () => {
  it('exports labels, dates in the time zone asked for, ; and a BOM, and the file imports back to the same contacts', async () => {
    const { admin, ids } = crm.users;
    const source = 'ida-e-volta';
    const company = (await admin.post('/api/crm/companies', { name: 'Café; Cia' })).body;
    const made = [
      {
        name: 'Conceição Araújo',
        email: 'conceicao@ida.example',
        phone: '+55 61 93729-5260',
        companyId: company.id,
        position: 'Diretora',
        status: 'customer',
        score: 87,
        tags: ['vip', 'são paulo'],
        notes: 'Linha 1; "citação"\nLinha 2, com vírgula',
        ownerId: ids.employee,
      },
      { name: '=SOMA(1;2)', email: 'formula@ida.example', status: 'inactive', score: 0, tags: [], ownerId: ids.other },
      { name: 'Lia Prospect', status: 'prospect', score: 100, tags: ['a'], notes: 'sem e-mail', ownerId: ids.admin },
    ];
    for (const contact of made)
      expect((await admin.post('/api/crm/contacts', { ...contact, source })).status).toBe(201);
    const before = await crm
      .knex('contacts')
      .where({ source })
      .orderBy('name')
      .select(...FIELDS, 'createdAt');

    const res = await admin.get(`/api/crm/contacts/export?source=${source}&format=excel&lang=pt&tz=America/Sao_Paulo`);
    expect(res.status).toBe(200);
    expect(res.text.startsWith(BOM)).toBe(true);
    const table = parse(res.text, { bom: true, delimiter: ';' }) as string[][];
    expect(table[0]).toEqual([
      'ID',
      'Nome',
      'E-mail',
      'Telefone',
      'Empresa',
      'Cargo',
      'Origem',
      'Status',
      'Pontuação',
      'Tags',
      'Observações',
      'ID do responsável',
      'Responsável',
      'Criado em',
      'Atualizado em',
    ]);
    const row = table.find((r) => r[1] === 'Conceição Araújo')!;
    expect(row[7]).toBe('Cliente');
    expect(row[13]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    // The moment it was created, as read in São Paulo (UTC-3).
    const created = new Date(
      before.find((c) => c.name === 'Conceição Araújo').createdAt.getTime() - 3 * 3600_000,
    ).toISOString();
    expect(row[13]).toBe(
      `${created.slice(8, 10)}/${created.slice(5, 7)}/${created.slice(0, 4)} ${created.slice(11, 16)}`,
    );
    expect(table.find((r) => r[1] === "'=SOMA(1;2)")![7]).toBe('Inativo');
    const tokyo = parse(
      (await admin.get(`/api/crm/contacts/export?source=${source}&format=excel&lang=pt&tz=Asia/Tokyo`)).text,
      { bom: true, delimiter: ';' },
    ) as string[][];
    expect(tokyo.find((r) => r[1] === 'Conceição Araújo')![13]).not.toBe(row[13]);

    await crm.knex('contacts').where({ source }).delete();
    const preview = await send(admin, '/preview', res.text);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ delimiter: ';', totalRows: 3, counts: { created: 3, rejected: 0 } });
    expect(preview.body.mapping).toMatchObject({
      Nome: 'name',
      Status: 'status',
      Tags: 'tags',
      Observações: 'notes',
      Responsável: 'owner',
      Pontuação: 'score',
    });
    const started = await send(admin, '', res.text, { mapping: JSON.stringify(preview.body.mapping) });
    expect(started.status).toBe(202);
    expect(await finished(admin, started.body.id)).toMatchObject({
      status: 'completed',
      counts: { created: 3, rejected: 0 },
    });
    const after = await crm
      .knex('contacts')
      .where({ source })
      .orderBy('name')
      .select(...FIELDS);
    // The same company again (found by its name), not a second one.
    expect(after).toEqual(before.map(({ createdAt: _created, ...fields }) => fields));
    expect(after.find((c) => c.name === 'Conceição Araújo')).toMatchObject({
      companyId: company.id,
      company: 'Café; Cia',
    });
  });

  it('carries custom fields there and back: excel pt (labels, 1.500,00, dd/MM/yyyy, Sim) and csv (keys), unchanged', async () => {
    const { admin, employee } = crm.users;
    const define = async (field: object) =>
      expect((await admin.post('/api/crm/fields', { entity: 'contact', ...field })).status).toBe(201);
    await define({
      key: 'segment',
      label: { pt: 'Segmento', en: 'Segment' },
      type: 'select',
      options: [{ key: 'industria', label: { pt: 'Indústria', en: 'Industry' } }, 'varejo', 'antigo'],
    });
    await define({
      key: 'interests',
      label: { pt: 'Interesses', en: 'Interests' },
      type: 'multiSelect',
      options: [
        { key: 'erp', label: { pt: 'ERP', en: 'ERP' } },
        { key: 'bi', label: { pt: 'Relatórios, painéis', en: 'Reports, dashboards' } },
      ],
    });
    await define({ key: 'budget', label: { pt: 'Orçamento', en: 'Budget' }, type: 'currency' });
    await define({ key: 'employees', label: { pt: 'Funcionários', en: 'Employees' }, type: 'number' });
    await define({ key: 'since', label: { pt: 'Cliente desde', en: 'Customer since' }, type: 'date' });
    await define({ key: 'vip', label: { pt: 'VIP', en: 'VIP' }, type: 'checkbox' });
    const source = 'campos-ida-e-volta';
    const made = [
      {
        name: 'Ana Campos',
        email: 'ana@campos.example',
        customFields: {
          segment: 'industria',
          interests: ['erp', 'bi'],
          budget: '1500.50',
          employees: 1234.5,
          since: '2025-03-05',
          vip: true,
        },
      },
      { name: 'Beto Campos', email: 'beto@campos.example', customFields: { segment: 'antigo', vip: false } },
      { name: 'Caio Campos', email: 'caio@campos.example', customFields: {} },
    ];
    for (const contact of made)
      expect((await employee.post('/api/crm/contacts', { ...contact, source })).status).toBe(201);
    // An option retired after Beto took it: his value stays, and his row re-imports as it is.
    const fields = (await admin.get('/api/crm/fields?entity=contact')).body.items as { id: number; key: string }[];
    const segment = fields.find((f) => f.key === 'segment')!;
    expect(
      (
        await admin.patch(`/api/crm/fields/${segment.id}`, {
          options: [
            { key: 'industria', label: { pt: 'Indústria', en: 'Industry' } },
            'varejo',
            { key: 'antigo', label: { pt: 'antigo', en: 'antigo' }, retired: true },
          ],
        })
      ).status,
    ).toBe(200);
    const stored = async () =>
      (await crm.knex('contacts').where({ source }).orderBy('name').select('name', 'email', 'customFields')) as {
        name: string;
        customFields: Record<string, unknown>;
      }[];
    const before = await stored();
    expect(before[0].customFields).toEqual(made[0].customFields);

    const excel = await employee.get(`/api/crm/contacts/export?source=${source}&format=excel&lang=pt`);
    const table = parse(excel.text, { bom: true, delimiter: ';' }) as string[][];
    const header = table[0];
    const ana = table.find((r) => r[1] === 'Ana Campos')!;
    const cell = (label: string) => ana[header.indexOf(label)];
    expect([cell('Segmento'), cell('Interesses'), cell('Orçamento'), cell('Funcionários')]).toEqual([
      'Indústria',
      'ERP;Relatórios, painéis',
      '1500,50',
      '1234,5',
    ]);
    expect([cell('Cliente desde'), cell('VIP')]).toEqual(['05/03/2025', 'Sim']);
    const plain = await employee.get(`/api/crm/contacts/export?source=${source}`);

    for (const file of [excel.text, plain.text]) {
      // Once more over the same contacts: nothing changes, nothing is refused.
      const again = await send(employee, '/preview', file, { mode: 'update' });
      expect(again.status).toBe(200);
      expect(Object.values(again.body.mapping)).toEqual(
        expect.arrayContaining([
          'customFields.segment',
          'customFields.interests',
          'customFields.budget',
          'customFields.employees',
          'customFields.since',
          'customFields.vip',
        ]),
      );
      expect(again.body.counts).toMatchObject({ created: 0, updated: 0, rejected: 0 });

      // Into an empty list: the same values come back; a retired option is offered to no new contact (as in the API).
      await crm.knex('contacts').where({ source }).delete();
      const started = await send(employee, '', file, { mapping: JSON.stringify(again.body.mapping) });
      expect(started.status).toBe(202);
      const done = await finished(employee, started.body.id);
      expect(done.counts).toMatchObject({ created: 2, rejected: 1 });
      expect((await employee.get(done.rejectedCsv)).text).toContain(
        'customFields.segment: must be one of industria, varejo',
      );
      expect(await stored()).toEqual(before.filter((c) => c.name !== 'Beto Campos'));
      await crm.knex('contacts').where({ source }).delete();
      await crm.knex('contacts').insert(before.map((c) => ({ ...c, source, ownerId: crm.users.ids.employee })));
    }

    // A cell its field cannot hold refuses the row, naming the field; a mapping to no field is a 400 naming the column.
    const bad = await send(
      employee,
      '/preview',
      [
        'Nome;E-mail;Funcionários;Segmento',
        'Dado Campos;dado@campos.example;muitos;Indústria',
        'Eva;eva@campos.example;2;Serviços',
      ].join('\n'),
      { mode: 'update' },
    );
    expect(bad.body.rejections.map((r: { reason: string }) => r.reason)).toEqual([
      'customFields.employees: must be a number',
      'customFields.segment: must be one of Indústria, varejo',
    ]);
    const unknown = await send(employee, '/preview', 'Nome;X\nA;1', {
      mapping: JSON.stringify({ Nome: 'name', X: 'customFields.nothing' }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.map((d: { path: string }) => d.path)).toEqual(['mapping.X']);
  });

  it('refuses an unknown time zone or format, naming it', async () => {
    for (const [query, path] of [
      ['format=excel&tz=Not/AZone', 'query.tz'],
      ['format=pdf', 'query.format'],
    ]) {
      const res = await crm.users.admin.get(`/api/crm/contacts/export?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.details[0].path).toBe(path);
    }
  });

  it("imports the app's own labels in pt and en, any case or accents, and a score written with a decimal comma", async () => {
    const { admin } = crm.users;
    const csv = [
      'Nome;E-mail;Status;Pontuação',
      'A;a@labels.example;Cliente;75,0',
      'B;b@labels.example;INATIVO;1',
      'C;c@labels.example;customer;2',
      'D;d@labels.example;Prospect;3',
      'E;e@labels.example;inactive;4',
      'F;f@labels.example;LEAD;5',
    ].join('\r\n');
    const started = await send(admin, '', csv, {
      mapping: JSON.stringify({ Nome: 'name', 'E-mail': 'email', Status: 'status', Pontuação: 'score' }),
    });
    expect(await finished(admin, started.body.id)).toMatchObject({ counts: { created: 6, rejected: 0 } });
    const stored = await crm
      .knex('contacts')
      .where('email', 'like', '%@labels.example')
      .orderBy('name')
      .select('status', 'score');
    expect(stored).toEqual([
      { status: 'customer', score: 75 },
      { status: 'inactive', score: 1 },
      { status: 'customer', score: 2 },
      { status: 'prospect', score: 3 },
      { status: 'inactive', score: 4 },
      { status: 'lead', score: 5 },
    ]);
  });

  it("writes the refused rows in the user's language and format: Portuguese reasons, ; and a BOM; the plain CSV as before", async () => {
    const { admin } = crm.users;
    const csv = [
      'Nome,E-mail,Status',
      ',semnome@refused.example,Cliente',
      'Rui,rui@refused.example,Dormindo',
      'Ok,ok@refused.example,Lead',
    ].join('\n');
    const started = await send(admin, '', csv, {
      mapping: JSON.stringify({ Nome: 'name', 'E-mail': 'email', Status: 'status' }),
    });
    const done = await finished(admin, started.body.id);
    expect(done.counts).toMatchObject({ created: 1, rejected: 2 });
    // As the wizard's link asks for it: with the browser's time zone, as every download.
    const pt = await admin.get(`${done.rejectedCsv}?format=excel&lang=pt&tz=America/Manaus`);
    expect(pt.text.startsWith(BOM)).toBe(true);
    expect(parse(pt.text, { bom: true, delimiter: ';' })).toEqual([
      ['Linha', 'Motivo', 'Nome', 'E-mail', 'Status'],
      ['1', 'Nome: obrigatório', '', 'semnome@refused.example', 'Cliente'],
      ['2', 'Status: deve ser Lead, Prospect, Cliente ou Inativo', 'Rui', 'rui@refused.example', 'Dormindo'],
    ]);
    const en = await admin.get(`${done.rejectedCsv}?format=excel&lang=en`);
    expect((parse(en.text, { bom: true }) as string[][]).map((r) => r[1])).toEqual([
      'Reason',
      'Name: required',
      'Status: must be one of lead, prospect, customer, inactive',
    ]);
    const plain = await admin.get(done.rejectedCsv);
    expect(plain.text.startsWith(BOM)).toBe(false);
    expect(plain.text.split('\n')[1]).toBe('1,name: required,,semnome@refused.example,Cliente');
  });
});
