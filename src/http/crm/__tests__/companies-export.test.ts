import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();
const BOM = '\uFEFF';

describe('GET /api/crm/companies/export', () => {
  it('streams the filtered companies after a byte-order mark: the CNPJ formatted, formula-looking text neutralised', async () => {
    const { developer } = crm.users;
    await developer.post('/api/crm/companies', {
      name: '=CMD("x")',
      cnpj: '11222333000181',
      segment: 'export-raw',
      size: 'medium',
      city: 'Recife',
      uf: 'PE',
      tags: ['a', '=1+1'],
    });
    await developer.post('/api/crm/companies', { name: 'Plain Export', segment: 'export-raw' });
    await developer.post('/api/crm/companies', { name: 'Other Segment', segment: 'elsewhere' });
    const res = await developer.get('/api/crm/companies/export?segment=export-raw');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('companies.csv');
    expect(res.text.startsWith(BOM)).toBe(true);
    const [header, ...rows] = res.text.slice(1).trim().split('\n');
    expect(header).toBe(
      'id,name,cnpj,tradeName,segment,size,website,emailDomain,phone,cep,street,number,city,uf,tags,notes,ownerId,ownerName,createdAt,updatedAt',
    );
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.includes('11.222.333'))).toContain(
      `,"'=CMD(""x"")",11.222.333/0001-81,,export-raw,medium,,,,,,,Recife,PE,a;'=1+1,`,
    );
    expect(rows.find((r) => r.includes(',Plain Export,'))).toBeDefined();
  });

  it('writes Portuguese labels, semicolons and dd/MM/yyyy HH:mm for Excel in pt-BR, and English labels with lang=en', async () => {
    const { developer } = crm.users;
    await developer.post('/api/crm/companies', {
      name: 'Padaria São João',
      segment: 'export-pt',
      size: 'small',
      city: 'São Paulo',
      uf: 'SP',
      tags: ['pão', 'café'],
    });
    const res = await developer.get(
      '/api/crm/companies/export?segment=EXPORT-PT&format=excel&lang=pt&tz=America/Sao_Paulo',
    );
    expect(res.status).toBe(200);
    const rows = parse(res.text, { bom: true, delimiter: ';' }) as string[][];
    expect(rows[0]).toEqual([
      'ID',
      'Nome',
      'CNPJ',
      'Nome fantasia',
      'Segmento',
      'Porte',
      'Site',
      'Domínio de e-mail',
      'Telefone',
      'CEP',
      'Logradouro',
      'Número',
      'Cidade',
      'UF',
      'Tags',
      'Observações',
      'ID do responsável',
      'Responsável',
      'Criada em',
      'Atualizada em',
    ]);
    expect(rows).toHaveLength(2);
    const row = rows[1];
    expect([row[1], row[4], row[5], row[12], row[13], row[14]]).toEqual([
      'Padaria São João',
      'export-pt',
      'Pequena',
      'São Paulo',
      'SP',
      'pão;café',
    ]);
    expect(row[18]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const en = await developer.get('/api/crm/companies/export?segment=export-pt&lang=en');
    expect(en.text.slice(1).split('\n')[0]).toBe(
      'ID,Name,CNPJ,Trade name,Segment,Size,Website,Email domain,Phone,Postal code,Street,Number,City,State,Tags,Notes,Owner ID,Owner,Created at,Updated at',
    );
  });

  it('refuses unknown filters and options, naming them', async () => {
    const { developer } = crm.users;
    for (const [query, path] of [
      ['uf=XX', 'query.uf'],
      ['lang=fr', 'query.lang'],
      ['format=pdf', 'query.format'],
      ['owner=abc', 'query.owner'],
    ]) {
      const bad = await developer.get(`/api/crm/companies/export?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.error.details[0].path).toBe(path);
    }
  });

  it('exports every matching company, past the 200 of one list page, each once; anonymous is refused', async () => {
    const { admin } = crm.users;
    await crm.knex('companies').insert(
      Array.from({ length: 450 }, (_, i) => ({
        name: `Paged ${i}`,
        segment: 'export-paged',
        ownerId: crm.users.ids.admin,
      })),
    );
    const res = await admin.get('/api/crm/companies/export?segment=export-paged');
    expect(res.status).toBe(200);
    const names = (parse(res.text, { bom: true, columns: true }) as { name: string }[]).map((r) => r.name);
    expect(names).toHaveLength(450);
    expect(new Set(names).size).toBe(450);
    expect((await crm.server.client().get('/api/crm/companies/export')).status).toBe(401);
  });
});
