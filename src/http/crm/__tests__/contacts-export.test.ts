import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();
const BOM = '\uFEFF';

describe('GET /api/crm/contacts/export', () => {
  it('streams the filtered contacts after a byte-order mark, with formula-looking text neutralised, tags included', async () => {
    const { developer } = crm.users;
    await developer.post('/api/crm/contacts', {
      name: '=HYPERLINK("x")',
      email: 'formula@example.com',
      status: 'inactive',
      tags: ['a', '=1+1', '@x'],
    });
    await developer.post('/api/crm/contacts', { name: 'Plain Export', status: 'inactive' });
    const res = await developer.get('/api/crm/contacts/export?status=inactive');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('contacts.csv');
    expect(res.text.startsWith(BOM)).toBe(true);
    const [header, ...rows] = res.text.slice(1).trim().split('\n');
    expect(header).toBe(
      'id,name,email,phone,company,position,source,status,score,tags,notes,ownerId,ownerName,createdAt,updatedAt',
    );
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.includes('formula@'))).toContain(
      `,"'=HYPERLINK(""x"")",formula@example.com,,,,,inactive,0,a;'=1+1;'@x,`,
    );
    expect(rows.find((r) => r.includes(',Plain Export,'))).toBeDefined();
  });

  it('writes a Portuguese header and semicolons for Excel set to pt-BR, keeping accents and quoting tag lists', async () => {
    const { developer } = crm.users;
    const company = (await developer.post('/api/crm/companies', { name: 'Café & Cia' })).body;
    await developer.post('/api/crm/contacts', {
      name: 'João Exportação',
      companyId: company.id,
      status: 'prospect',
      tags: ['quente', 'são paulo'],
      source: 'export-pt',
    });
    const res = await developer.get('/api/crm/contacts/export?source=export-pt&lang=pt&separator=semicolon');
    expect(res.status).toBe(200);
    const rows = parse(res.text, { bom: true, delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual([
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
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(1, 10)).toEqual([
      'João Exportação',
      '',
      '',
      'Café & Cia',
      '',
      'export-pt',
      'prospect',
      '0',
      'quente;são paulo',
    ]);
    const en = await developer.get('/api/crm/contacts/export?source=export-pt&lang=en');
    expect(en.text.slice(1).split('\n')[0]).toBe(
      'ID,Name,Email,Phone,Company,Position,Source,Status,Score,Tags,Notes,Owner ID,Owner,Created at,Updated at',
    );
  });

  it('refuses unknown filters and options, naming them', async () => {
    const { developer } = crm.users;
    for (const [query, path] of [
      ['status=sleeping', 'query.status'],
      ['lang=fr', 'query.lang'],
      ['separator=tab', 'query.separator'],
    ]) {
      const bad = await developer.get(`/api/crm/contacts/export?${query}`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.details[0].path).toBe(path);
    }
  });

  it('exports every matching contact, past the 200 of one list page, each once', async () => {
    const { admin } = crm.users;
    await crm.knex('contacts').insert(
      Array.from({ length: 450 }, (_, i) => ({
        name: `Paged ${i}`,
        source: 'export-paged',
        ownerId: crm.users.ids.admin,
      })),
    );
    const res = await admin.get('/api/crm/contacts/export?source=export-paged');
    expect(res.status).toBe(200);
    const names = (parse(res.text, { bom: true, columns: true }) as { name: string }[]).map((r) => r.name);
    expect(names).toHaveLength(450);
    expect(new Set(names).size).toBe(450);
  });
});
