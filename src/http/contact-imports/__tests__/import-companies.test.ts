import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, formatCnpj } from '../../../domain/companies/cnpj';
import { useCrmServer } from '../../crm/__tests__/crm-test-kit';
import { importEnded, sendImport } from './import-test-kit';

const crm = useCrmServer();

const cnpjOf = (first12: string) => formatCnpj(first12 + cnpjCheckDigits(first12));
const MAPPING = JSON.stringify({ Nome: 'name', Email: 'email', Empresa: 'company', CNPJ: 'cnpj' });

const companyCount = async () => Number((await crm.knex('companies').count({ n: '*' }))[0].n);
const linked = async (domain: string) =>
  crm
    .knex('contacts')
    .leftJoin('companies', 'companies.id', 'contacts.companyId')
    .where('contacts.email', 'like', `%@${domain}`)
    .orderBy('contacts.email')
    .select('contacts.email', 'contacts.companyId', 'contacts.company', 'companies.name', 'companies.cnpj');

describe('importing contacts with their company', () => {
  it('links to the company with the CNPJ, else the name (case, accents and spacing aside), else makes one per name; the dry run makes none', async () => {
    const { admin } = crm.users;
    const acmeCnpj = cnpjOf('112223330001');
    const deltaCnpj = cnpjOf('445556660001');
    const acme = (await admin.post('/api/crm/companies', { name: 'Acme Indústria', cnpj: acmeCnpj })).body;
    const beta = (await admin.post('/api/crm/companies', { name: 'Beta Comércio' })).body;
    const csv = [
      'Nome,Email,Empresa,CNPJ',
      `Por CNPJ,a1@imp.example,Outro Nome,${acmeCnpj}`,
      'Por nome,a2@imp.example,  BETA   comercio ,',
      'Nova 1,a3@imp.example,Gama Nova,',
      'Nova 2,a4@imp.example,GAMA  NOVA,',
      `Com CNPJ,a5@imp.example,Delta,${deltaCnpj.replace(/\D/g, '')}`,
      'CNPJ errado,a6@imp.example,Zeta,11.222.333/0001-00',
      'Sem empresa,a7@imp.example,,',
    ].join('\n');

    const before = await companyCount();
    const preview = await sendImport(admin, '/api/crm/contacts/import/preview', csv, { mapping: MAPPING });
    expect(preview.status).toBe(200);
    expect(preview.body.counts).toMatchObject({ created: 6, rejected: 1 });
    expect(preview.body.rejections).toEqual([
      expect.objectContaining({ rowNumber: 6, reason: expect.stringMatching(/^cnpj: /) }),
    ]);
    expect(preview.body.sample[0].values).toMatchObject({ company: 'Outro Nome', cnpj: acmeCnpj.replace(/\D/g, '') });
    expect(await companyCount()).toBe(before);

    const started = await sendImport(admin, '/api/crm/contacts/import', csv, { mapping: MAPPING });
    expect(started.status).toBe(202);
    expect(await importEnded(admin, started.body.id)).toMatchObject({
      status: 'completed',
      counts: { created: 6, rejected: 1 },
    });
    expect(await companyCount()).toBe(before + 2);
    const rows = await linked('imp.example');
    const gama = rows.find((r) => r.email === 'a3@imp.example')!.companyId;
    expect(rows.map((r) => [r.email, r.companyId, r.company])).toEqual([
      ['a1@imp.example', acme.id, 'Acme Indústria'],
      ['a2@imp.example', beta.id, 'Beta Comércio'],
      ['a3@imp.example', gama, 'Gama Nova'],
      ['a4@imp.example', gama, 'Gama Nova'],
      ['a5@imp.example', expect.any(Number), 'Delta'],
      ['a7@imp.example', null, null],
    ]);
    expect(rows.find((r) => r.email === 'a5@imp.example')!.cnpj).toBe(deltaCnpj.replace(/\D/g, ''));
    expect(
      (await admin.get(`/api/crm/companies/${gama}`)).body,
      'made by the import, owned by the importer',
    ).toMatchObject({ name: 'Gama Nova', ownerId: crm.users.ids.admin });
  });

  it('makes one company per name across the batches of a large file, however the batches run', async () => {
    const { admin } = crm.users;
    const names = ['Épsilon Um', 'epsilon um', 'Épsilon Dois', 'ÉPSILON DOIS', 'Épsilon Três'];
    const lines = ['Nome,Email,Empresa'];
    for (let i = 0; i < 1_500; i++) lines.push(`P${i},e${i}@batches.example,${names[i % names.length]}`);
    const before = await companyCount();
    const started = await sendImport(admin, '/api/crm/contacts/import', lines.join('\n'), {
      mapping: JSON.stringify({ Nome: 'name', Email: 'email', Empresa: 'company' }),
    });
    expect(await importEnded(admin, started.body.id)).toMatchObject({
      status: 'completed',
      counts: { created: 1_500 },
    });
    expect(await companyCount()).toBe(before + 3);
    const byCompany = await crm
      .knex('contacts')
      .where('email', 'like', '%@batches.example')
      .groupBy('company')
      .orderBy('company')
      .select('company', crm.knex.raw('count(*)::int AS n'), crm.knex.raw('count(DISTINCT company_id)::int AS ids'));
    expect(byCompany).toEqual([
      { company: 'Épsilon Dois', n: 600, ids: 1 },
      { company: 'Épsilon Três', n: 300, ids: 1 },
      { company: 'Épsilon Um', n: 600, ids: 1 },
    ]);
  });

  it('in update mode links an existing contact to the row’s company, and undoing the import unlinks it', async () => {
    const { admin } = crm.users;
    const contact = (await admin.post('/api/crm/contacts', { name: 'Já existe', email: 'u1@upd.example' })).body;
    const csv = 'Nome,Email,Empresa\nJá existe,u1@upd.example,Ômega Serviços\n';
    const started = await sendImport(admin, '/api/crm/contacts/import', csv, {
      mapping: JSON.stringify({ Nome: 'name', Email: 'email', Empresa: 'company' }),
      mode: 'update',
    });
    expect(await importEnded(admin, started.body.id)).toMatchObject({ counts: { updated: 1 } });
    const after = (await admin.get(`/api/crm/contacts/${contact.id}`)).body;
    expect(after).toMatchObject({ companyId: expect.any(Number), company: 'Ômega Serviços' });
    const timeline = (await admin.get(`/api/crm/contacts/${contact.id}/timeline`)).body.items;
    expect(timeline[0].changes).toEqual([{ field: 'company', oldValue: null, newValue: 'Ômega Serviços' }]);

    // The same file again: the same company, nothing to change.
    const again = await sendImport(admin, '/api/crm/contacts/import', csv.replace('Ômega', 'OMEGA'), {
      mapping: JSON.stringify({ Nome: 'name', Email: 'email', Empresa: 'company' }),
      mode: 'update',
    });
    expect(await importEnded(admin, again.body.id)).toMatchObject({ counts: { updated: 0, skipped: 1 } });

    expect((await admin.post(`/api/crm/contacts/import/${started.body.id}/undo`)).status).toBe(200);
    expect((await admin.get(`/api/crm/contacts/${contact.id}`)).body).toMatchObject({ companyId: null, company: null });
    expect((await admin.get(`/api/crm/companies/${after.companyId}`)).status, 'the company it made, unused').toBe(404);
  });

  it('records the companies it makes as made by the import; undoing it removes those nothing used or changed since', async () => {
    const { admin } = crm.users;
    const old = (await admin.post('/api/crm/companies', { name: 'Velha Existente' })).body;
    const csv = [
      'Nome,Email,Empresa',
      'A,u1@undo-co.example,Velha Existente',
      'B,u2@undo-co.example,Nova Usada',
      'C,u3@undo-co.example,Nova Sozinha',
      'D,u4@undo-co.example,Nova Editada',
    ].join('\n');
    const started = await sendImport(admin, '/api/crm/contacts/import', csv, {
      mapping: JSON.stringify({ Nome: 'name', Email: 'email', Empresa: 'company' }),
    });
    expect(await importEnded(admin, started.body.id)).toMatchObject({ counts: { created: 4 } });
    const idOf = async (name: string) => (await crm.knex('companies').where({ name }).first('id')).id as number;
    const [used, alone, edited] = [await idOf('Nova Usada'), await idOf('Nova Sozinha'), await idOf('Nova Editada')];
    const history = (await admin.get(`/api/crm/companies/${alone}/timeline`)).body.items;
    expect(history).toEqual([expect.objectContaining({ action: 'created', entityName: 'Nova Sozinha' })]);

    // Used since (a note on it) and changed since (a field edited): both stay.
    expect((await admin.post('/api/crm/notes', { kind: 'note', body: 'Visita', companyId: used })).status).toBe(201);
    expect((await admin.patch(`/api/crm/companies/${edited}`, { city: 'Recife' })).status).toBe(200);

    expect((await admin.post(`/api/crm/contacts/import/${started.body.id}/undo`)).status).toBe(200);
    const status = async (id: number) => (await admin.get(`/api/crm/companies/${id}`)).status;
    expect({
      old: await status(old.id),
      used: await status(used),
      alone: await status(alone),
      edited: await status(edited),
    }).toEqual({ old: 200, used: 200, alone: 404, edited: 200 });
    const deleted = await crm
      .knex('crmTimeline')
      .where({ entityType: 'company', entityId: alone, action: 'deleted' })
      .select('entityName');
    expect(deleted).toEqual([{ entityName: 'Nova Sozinha' }]);
  });
});
