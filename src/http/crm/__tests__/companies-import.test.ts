import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, formatCnpj } from '../../../domain/companies/cnpj';
import { COMPANY_TRACKED_FIELDS } from '../../../domain/companies/company';
import type { TestClient } from '../../../../tests/support/test-server';
import { sendImport } from '../../contact-imports/__tests__/import-test-kit';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

let serial = 0;
/** A valid CNPJ no other test of the file uses: 12 characters and their check digits. */
function newCnpj(): string {
  serial += 1;
  const first12 = `${String(Date.now() % 1e6).padStart(6, '0')}${String(serial).padStart(4, '0')}01`;
  return first12 + cnpjCheckDigits(first12);
}

const send = (client: TestClient, path: '' | '/preview', file: string | Buffer, fields: Record<string, string> = {}) =>
  sendImport(client, `/api/crm/companies/import${path}`, file, fields);

const companyTimeline = async () =>
  Number((await crm.knex('crmTimeline').where({ entityType: 'company' }).count({ n: '*' }).first())!.n);

const COLUMNS = ['id', ...COMPANY_TRACKED_FIELDS, 'updatedAt'];
const rowsOf = (segment: string) => crm.knex('companies').where({ segment }).orderBy('id').select(COLUMNS);

describe('POST /api/crm/companies/import', () => {
  it('re-imports our own export, in both forms, as it was: every row a skip, no company changed, no timeline entry', async () => {
    const { admin, ids } = crm.users;
    const segment = 'round-trip';
    const made = [
      {
        name: '=CMD("x")',
        cnpj: newCnpj(),
        tradeName: 'Fórmula; Cia',
        segment,
        size: 'medium',
        website: 'https://www.formula.example/contato',
        emailDomain: 'formula.example',
        phone: '+55 61 93729-5260',
        cep: '70000-000',
        street: 'SQS 308, Bloco "C"',
        number: '12',
        city: 'Brasília',
        uf: 'DF',
        tags: ['a', '=1+1', 'são paulo'],
        notes: 'Linha 1; "citação"\nLinha 2, com vírgula',
        ownerId: ids.employee,
      },
      { name: 'Padaria São João', segment, size: 'small', city: 'São Paulo', uf: 'SP', tags: [] },
      { name: 'Sem nada', segment },
    ];
    for (const company of made) expect((await admin.post('/api/crm/companies', company)).status).toBe(201);
    const before = await rowsOf(segment);
    const entries = await companyTimeline();
    for (const query of ['', '&format=excel&lang=pt&tz=America/Sao_Paulo', '&format=excel&lang=en', '&lang=pt']) {
      const file = await admin.get(`/api/crm/companies/export?segment=${segment}${query}`);
      expect(file.status).toBe(200);
      const preview = await send(admin, '/preview', file.text);
      expect(preview.status, query).toBe(200);
      expect(preview.body.counts, query).toEqual({ create: 0, update: 0, skip: 3, rejected: 0 });
      expect(preview.body.mapping, query).not.toHaveProperty(query ? 'ID' : 'id');
      expect(Object.values(preview.body.mapping).sort(), query).toEqual(
        [
          'name',
          'cnpj',
          'tradeName',
          'segment',
          'size',
          'website',
          'emailDomain',
          'phone',
          'cep',
          'street',
          'number',
          'city',
          'uf',
          'tags',
          'notes',
          'owner',
        ].sort(),
      );
      if (query.includes('lang=pt&tz')) expect(preview.body.delimiter).toBe(';');
      const done = await send(admin, '', file.text);
      expect(done.status, query).toBe(200);
      expect(done.body, query).toEqual({ counts: { created: 0, updated: 0, skipped: 3, rejected: 0 }, rejections: [] });
    }
    expect(await rowsOf(segment)).toEqual(before);
    expect(await companyTimeline()).toBe(entries);
  });

  it('imports an Excel pt-BR file (Windows-1252, ;, Portuguese headers and labels, dd/MM/yyyy dates) with its timeline entries', async () => {
    const { developer, ids } = crm.users;
    const cnpj = newCnpj();
    const text =
      'Nome;CNPJ;Nome fantasia;Segmento;Porte;Site;Cidade;UF;Tags;Observações;Criada em\r\n' +
      `Açaí do Norte Ltda;${cnpj};Açaí;excel-pt;Média;https://acai.example;Belém;pa;"frutas; norte";Entrega às 9h;01/02/2026 10:30\r\n` +
      'Café Três Corações;;;excel-pt;Micro;;Santa Luzia;MG;;;02/02/2026 11:00\r\n';
    const file = Buffer.from(text, 'latin1');
    const preview = await send(developer, '/preview', file);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      encoding: 'windows-1252',
      delimiter: ';',
      totalRows: 2,
      counts: { create: 2, update: 0, skip: 0, rejected: 0 },
    });
    expect(preview.body.rows[0]).toEqual({
      rowNumber: 1,
      action: 'create',
      matchedBy: null,
      companyId: null,
      companyName: null,
      reason: null,
      values: {
        name: 'Açaí do Norte Ltda',
        cnpj: formatCnpj(cnpj),
        tradeName: 'Açaí',
        segment: 'excel-pt',
        size: 'medium',
        website: 'https://acai.example',
        city: 'Belém',
        uf: 'PA',
        tags: ['frutas', 'norte'],
        notes: 'Entrega às 9h',
      },
    });
    expect(await crm.knex('companies').where({ segment: 'excel-pt' }).count({ n: '*' }).first()).toEqual({ n: 0 });
    const done = await send(developer, '', file);
    expect(done).toEqual({
      status: 200,
      body: { counts: { created: 2, updated: 0, skipped: 0, rejected: 0 }, rejections: [] },
    });
    const stored = await crm.knex('companies').where({ segment: 'excel-pt' }).orderBy('name');
    expect(stored.map((c) => [c.name, c.cnpj, c.size, c.uf, c.tags, c.ownerId, c.createdBy])).toEqual([
      ['Açaí do Norte Ltda', cnpj, 'medium', 'PA', ['frutas', 'norte'], ids.developer, ids.developer],
      ['Café Três Corações', null, 'micro', 'MG', [], ids.developer, ids.developer],
    ]);
    const history = await developer.get(`/api/crm/companies/${stored[0].id}/timeline`);
    expect(history.body.items.map((e: { action: string; userId: number }) => [e.action, e.userId])).toEqual([
      ['created', ids.developer],
    ]);
  });

  it("matches by CNPJ, then e-mail domain (its own or the website's, one company only), then name; else creates", async () => {
    const { admin } = crm.users;
    const cnpjA = newCnpj();
    const a = (await admin.post('/api/crm/companies', { name: 'Alfa Match', cnpj: cnpjA, emailDomain: 'alfa.test' }))
      .body;
    const b = (await admin.post('/api/crm/companies', { name: 'Beta Match', emailDomain: 'beta.test' })).body;
    const c = (await admin.post('/api/crm/companies', { name: 'Padaria São  João Match' })).body;
    const older = (await admin.post('/api/crm/companies', { name: 'Twin Match', emailDomain: 'twin.test' })).body;
    await admin.post('/api/crm/companies', { name: 'Twin Match', emailDomain: 'twin.test' });
    const file =
      'name,cnpj,emailDomain,website,segment\n' +
      `Another name,${cnpjA},beta.test,,m1\n` +
      'Beta renamed?,,,https://www.BETA.test/contato,m2\n' +
      'padaria sao joao match,,,,m3\n' +
      'twin match,,twin.test,,m4\n' +
      'Brand New Match,,,,m5\n';
    const preview = await send(admin, '/preview', file);
    expect(preview.status).toBe(200);
    expect(preview.body.counts).toEqual({ create: 1, update: 4, skip: 0, rejected: 0 });
    expect(
      preview.body.rows.map((r: { action: string; matchedBy: string; companyId: number; companyName: string }) => [
        r.action,
        r.matchedBy,
        r.companyId,
        r.companyName,
      ]),
    ).toEqual([
      ['update', 'cnpj', a.id, 'Alfa Match'],
      ['update', 'emailDomain', b.id, 'Beta Match'],
      ['update', 'name', c.id, 'Padaria São  João Match'],
      // Two companies have twin.test: the name decides, the oldest of that name.
      ['update', 'name', older.id, 'Twin Match'],
      ['create', null, null, null],
    ]);
    const done = await send(admin, '', file);
    expect(done.body.counts).toEqual({ created: 1, updated: 4, skipped: 0, rejected: 0 });
    const after = (id: number) => crm.knex('companies').where({ id }).first();
    // The row's non-empty cells are written over the company it found.
    expect(await after(a.id)).toMatchObject({ name: 'Another name', emailDomain: 'beta.test', segment: 'm1' });
    expect(await after(b.id)).toMatchObject({ name: 'Beta renamed?', emailDomain: 'beta.test', segment: 'm2' });
    expect(await after(c.id)).toMatchObject({ name: 'padaria sao joao match', segment: 'm3' });
    const changes = await crm
      .knex('crmTimeline')
      .where({ entityType: 'company', entityId: a.id, action: 'updated' })
      .first();
    expect(changes.changes.map((ch: { field: string }) => ch.field).sort()).toEqual(['emailDomain', 'name', 'segment']);
  });

  it('a company with another CNPJ than the row is not its match by domain or name: the row makes a new company', async () => {
    const { admin } = crm.users;
    const existing = (
      await admin.post('/api/crm/companies', { name: 'Filial Match', cnpj: newCnpj(), emailDomain: 'filial.test' })
    ).body;
    const other = newCnpj();
    const preview = await send(admin, '/preview', `name,cnpj,emailDomain\nFilial Match,${other},filial.test\n`);
    expect(preview.body.rows[0]).toMatchObject({ action: 'create', matchedBy: null });
    const done = await send(admin, '', `name,cnpj,emailDomain\nFilial Match,${other},filial.test\n`);
    expect(done.body.counts.created).toBe(1);
    expect((await crm.knex('companies').where({ id: existing.id }).first()).cnpj).not.toBe(other);
  });

  it('applies a company once per file: later rows landing on it, or on a new one by CNPJ, domain or name, are refused naming the first', async () => {
    const { admin } = crm.users;
    const existing = (await admin.post('/api/crm/companies', { name: 'Dup Existing', emailDomain: 'dupx.test' })).body;
    const cnpj = newCnpj();
    const file =
      'name,cnpj,emailDomain,city\n' +
      `Dup New,${cnpj},,Recife\n` + // 1: created
      'Dup Existing,,,Natal\n' + // 2: updates the existing one (by name)
      `Dup Other Name,${formatCnpj(cnpj)},,Olinda\n` + // 3: the CNPJ of row 1
      'Another,,dupx.test,Caruaru\n' + // 4: the existing one again, by domain
      'DUP  new,,,Paulista\n'; // 5: the name of row 1
    const done = await send(admin, '', file);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      counts: { created: 1, updated: 1, skipped: 0, rejected: 3 },
      rejections: [
        { rowNumber: 3, reason: 'the same company as row 1' },
        { rowNumber: 4, reason: 'the same company as row 2' },
        { rowNumber: 5, reason: 'the same company as row 1' },
      ],
    });
    expect(await crm.knex('companies').where({ cnpj }).select('name', 'city')).toEqual([
      { name: 'Dup New', city: 'Recife' },
    ]);
    expect((await crm.knex('companies').where({ id: existing.id }).first()).city).toBe('Natal');
  });

  it("refuses an invalid row with the API's reason, naming the field, and imports the others; update never blanks a field", async () => {
    const { admin } = crm.users;
    const kept = (
      await admin.post('/api/crm/companies', { name: 'Keeps Notes', notes: 'important', segment: 'keep-seg' })
    ).body;
    const valid = newCnpj();
    // The last check digit off by one.
    const bad = `${valid.slice(0, 13)}${(Number(valid[13]) + 1) % 10}`;
    const file =
      'name,cnpj,uf,size,emailDomain,notes,segment\n' +
      `Bad CNPJ Co,${bad},SP,,,,\n` +
      'Bad UF Co,,XX,,,,\n' +
      'Bad Size Co,,,huge,,,\n' +
      'Bad Domain Co,,,,not a domain,,\n' +
      'Good Co,,RJ,Grande,good.test,,\n' +
      'Keeps Notes,,,,,,new-seg\n' +
      ',,,,,,\n';
    // The preview names a refused row's company as read, whatever its other cells.
    const preview = await send(admin, '/preview', file);
    expect(
      preview.body.rows.slice(0, 4).map((row: { action: string; values: unknown }) => [row.action, row.values]),
    ).toEqual([
      ['rejected', { name: 'Bad CNPJ Co' }],
      ['rejected', { name: 'Bad UF Co' }],
      ['rejected', { name: 'Bad Size Co' }],
      ['rejected', { name: 'Bad Domain Co' }],
    ]);
    expect(preview.body.rows[6]).toMatchObject({ action: 'rejected', values: null });
    const done = await send(admin, '', file);
    expect(done.status).toBe(200);
    expect(done.body.counts).toEqual({ created: 1, updated: 1, skipped: 0, rejected: 5 });
    const reasons = Object.fromEntries(
      done.body.rejections.map((r: { rowNumber: number; reason: string }) => [r.rowNumber, r.reason]),
    );
    expect(reasons[1]).toMatch(/^cnpj is not a valid CNPJ/);
    expect(reasons[2]).toMatch(/^uf must be one of/);
    expect(reasons[3]).toMatch(/^size must be one of/);
    expect(reasons[4]).toMatch(/^emailDomain /);
    expect(reasons[7]).toBe('the row has no value in a mapped column');
    expect(await crm.knex('companies').where({ name: 'Good Co' }).first()).toMatchObject({
      uf: 'RJ',
      size: 'large',
      emailDomain: 'good.test',
    });
    expect(await crm.knex('companies').where({ id: kept.id }).first()).toMatchObject({
      notes: 'important',
      segment: 'new-seg',
    });
    expect(await crm.knex('companies').whereIn('name', ['Bad CNPJ Co', 'Bad UF Co'])).toEqual([]);
  });

  it('mode skip leaves matched companies as they are and still creates the new ones', async () => {
    const { admin } = crm.users;
    const existing = (await admin.post('/api/crm/companies', { name: 'Skip Me Co', city: 'Antes' })).body;
    const done = await send(admin, '', 'name,city\nSkip Me Co,Depois\nSkip New Co,Novo\n', { mode: 'skip' });
    expect(done.body.counts).toEqual({ created: 1, updated: 0, skipped: 1, rejected: 0 });
    expect((await crm.knex('companies').where({ id: existing.id }).first()).city).toBe('Antes');
  });

  it('an employee creates companies they own, changes only their own, and may not give companies to others', async () => {
    const { admin, employee, ids } = crm.users;
    const others = (await admin.post('/api/crm/companies', { name: 'Admin Owned Co', city: 'Same' })).body;
    const mine = (await employee.post('/api/crm/companies', { name: 'Employee Owned Co' })).body;
    const username = (await crm.knex('users').where({ id: ids.employee }).first()).username;
    const adminName = (await crm.knex('users').where({ id: ids.admin }).first()).name;
    const file =
      'Nome,Cidade,Responsável\n' +
      'Admin Owned Co,Changed,\n' + // someone else's, changed: refused
      'Admin Owned Co,Same,\n' + // would be row 1's company: refused naming it
      `Employee Owned Co,Mine now,\n` +
      `Employee New Co,Fresh,${adminName}\n`;
    const preview = await send(employee, '/preview', file);
    expect(preview.body.counts).toEqual({ create: 1, update: 1, skip: 0, rejected: 2 });
    expect(preview.body.rows[0]).toMatchObject({
      action: 'rejected',
      matchedBy: 'name',
      companyId: others.id,
      reason: `company #${others.id} belongs to someone else`,
    });
    const done = await send(employee, '', file);
    expect(done.status).toBe(200);
    expect(done.body.counts).toEqual({ created: 1, updated: 1, skipped: 0, rejected: 2 });
    expect((await crm.knex('companies').where({ id: others.id }).first()).city).toBe('Same');
    expect((await crm.knex('companies').where({ id: mine.id }).first()).city).toBe('Mine now');
    expect(await crm.knex('companies').where({ name: 'Employee New Co' }).first()).toMatchObject({
      ownerId: ids.employee,
      createdBy: ids.employee,
    });
    // The same row unchanged is no change: a skip, whoever owns the company.
    const again = await send(employee, '', 'Nome,Cidade\nAdmin Owned Co,Same\n');
    expect(again.body.counts).toEqual({ created: 0, updated: 0, skipped: 1, rejected: 0 });

    // An admin gives new companies to the person the owner column names (by username or name); an unknown one is refused.
    const given = await send(admin, '', `name,owner\nGiven Co,${username}\nNobody Co,Ninguém Mesmo\n`);
    expect(given.body.rejections).toEqual([{ rowNumber: 2, reason: 'owner: no active user is "Ninguém Mesmo"' }]);
    expect((await crm.knex('companies').where({ name: 'Given Co' }).first()).ownerId).toBe(ids.employee);
  });

  it('refuses a bad request naming the field: mapping not JSON, a mapping to a missing column, no name or CNPJ, too many rows, no file', async () => {
    const { admin } = crm.users;
    const notJson = await send(admin, '', 'name\nX\n', { mapping: '{name' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.details[0].path).toBe('mapping');
    const unknownField = await send(admin, '/preview', 'name\nX\n', { mapping: JSON.stringify({ name: 'salary' }) });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.error.details[0].path).toBe('mapping.name');
    const missing = await send(admin, '', 'name\nX\n', { mapping: JSON.stringify({ Nome: 'name' }) });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0].path).toBe('mapping.Nome');
    const noKey = await send(admin, '', 'city\nX\n');
    expect(noKey.status).toBe(400);
    expect(noKey.body.error.details[0].path).toBe('mapping');
    const badMode = await send(admin, '', 'name\nX\n', { mode: 'merge' });
    expect(badMode.body.error.details[0].path).toBe('mode');
    const big = `name\n${Array.from({ length: 20_001 }, (_, i) => `Big ${i}`).join('\n')}\n`;
    for (const path of ['', '/preview'] as const) {
      const tooMany = await send(admin, path, big);
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.error.details[0].path).toBe('file');
    }
    expect(await crm.knex('companies').where({ name: 'Big 0' })).toEqual([]);
    const empty = await send(admin, '', '');
    expect(empty.status).toBe(400);
    expect(empty.body.error.details[0].path).toBe('file');
  });

  it('a file that imports nothing is a 200 with its counts; anonymous is refused', async () => {
    const { admin } = crm.users;
    const done = await send(admin, '', 'name,uf\nNothing Co,ZZ\n');
    expect(done).toEqual({
      status: 200,
      body: { counts: { created: 0, updated: 0, skipped: 0, rejected: 1 }, rejections: [expect.any(Object)] },
    });
    const anonymous = await send(crm.server.client(), '', 'name\nX\n');
    expect(anonymous.status).toBe(401);
  });

  it('carries custom fields there and back (labels in excel, keys in csv); a change merges, a bad cell names its field', async () => {
    const { admin } = crm.users;
    const define = async (field: object) =>
      expect((await admin.post('/api/crm/fields', { entity: 'company', ...field })).status).toBe(201);
    await define({
      key: 'tier',
      label: { pt: 'Categoria', en: 'Tier' },
      type: 'select',
      options: [{ key: 'gold', label: { pt: 'Ouro', en: 'Gold' } }, 'silver'],
    });
    await define({ key: 'headcount', label: { pt: 'Funcionários', en: 'Headcount' }, type: 'number' });
    await define({ key: 'renewal', label: { pt: 'Renovação', en: 'Renewal' }, type: 'date' });
    const segment = 'campos-de-empresa';
    for (const company of [
      { name: 'Ouro Ltda', segment, customFields: { tier: 'gold', headcount: 12.5, renewal: '2027-01-31' } },
      { name: 'Prata Ltda', segment, customFields: { tier: 'silver' } },
    ])
      expect((await admin.post('/api/crm/companies', company)).status).toBe(201);
    const stored = () =>
      crm.knex('companies').where({ segment }).orderBy('name').select('name', 'customFields', 'updatedAt');
    const before = await stored();
    for (const query of ['', '&format=excel&lang=pt', '&format=excel&lang=en']) {
      const file = await admin.get(`/api/crm/companies/export?segment=${segment}${query}`);
      const preview = await send(admin, '/preview', file.text);
      expect(Object.values(preview.body.mapping), query).toEqual(
        expect.arrayContaining(['customFields.tier', 'customFields.headcount', 'customFields.renewal']),
      );
      expect(preview.body.counts, query).toEqual({ create: 0, update: 0, skip: 2, rejected: 0 });
    }
    expect(await stored()).toEqual(before);

    const done = await send(
      admin,
      '',
      [
        'Nome;Categoria;Funcionários;Renovação',
        'Prata Ltda;Ouro;1.234,5;01/02/2027',
        'Nova Ltda;SILVER;;',
        'Errada Ltda;Bronze;;',
      ].join('\n'),
    );
    expect(done.body).toEqual({
      counts: { created: 1, updated: 1, skipped: 0, rejected: 1 },
      rejections: [{ rowNumber: 3, reason: 'customFields.tier: must be one of Ouro, silver' }],
    });
    const values = Object.fromEntries(
      (await crm.knex('companies').whereIn('name', ['Prata Ltda', 'Nova Ltda']).select('name', 'customFields')).map(
        (c) => [c.name, c.customFields],
      ),
    );
    expect(values).toEqual({
      'Prata Ltda': { tier: 'gold', headcount: 1234.5, renewal: '2027-02-01' },
      'Nova Ltda': { tier: 'silver' },
    });
    const unknown = await send(admin, '/preview', 'Nome;X\nA;1', {
      mapping: JSON.stringify({ Nome: 'name', X: 'customFields.tier_old' }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details[0].path).toBe('mapping.X');
  });
});
