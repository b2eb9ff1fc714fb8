import { describe, expect, it } from 'vitest';
import { normalizeOptions } from '../custom-field';
import { readCustomCell } from '../custom-field-cell';
import { customField } from './custom-fields-of';

const segment = customField('segment', 'select', {
  options: [
    ...normalizeOptions(['varejo', { key: 'industria', label: { pt: 'Indústria', en: 'Industry' } }]),
    { key: 'antigo', label: { pt: 'Antigo', en: 'Old' }, retired: true },
  ],
});
const interests = customField('interests', 'multiSelect', {
  options: normalizeOptions([
    { key: 'erp', label: { pt: 'ERP', en: 'ERP' } },
    { key: 'bi', label: { pt: 'Relatórios, painéis', en: 'Reports, dashboards' } },
    { key: 'crm', label: { pt: 'CRM', en: 'CRM' } },
  ]),
});
const read = (field: Parameters<typeof readCustomCell>[0], cell: string) => readCustomCell(field, cell);

describe('a custom field cell, read back by an import', () => {
  it('reads numbers and amounts as our files write them: a decimal comma in pt, a point in csv and en', () => {
    const number = customField('employees', 'number');
    const budget = customField('budget', 'currency');
    expect(read(number, '1234,5')).toEqual({ ok: 1234.5 });
    expect(read(number, '1234.5')).toEqual({ ok: 1234.5 });
    // One point is a decimal point (our csv writes 1.234 so); several, thousands.
    expect(read(number, '1.234')).toEqual({ ok: 1.234 });
    expect(read(number, '1.234.567')).toEqual({ ok: 1234567 });
    expect(read(number, '-0,25')).toEqual({ ok: -0.25 });
    expect(read(budget, '1.500,00')).toEqual({ ok: '1500.00' });
    expect(read(budget, 'R$ 1.500,5')).toEqual({ ok: '1500.5' });
    expect(read(budget, '1500.00')).toEqual({ ok: '1500.00' });
    expect(read(number, 'doze')).toEqual({ why: 'must be a number' });
    expect(read(budget, '1,500.00')).toHaveProperty('why');
  });

  it('reads a day as dd/MM/yyyy or as stored, and yes or no in either language', () => {
    const since = customField('since', 'date');
    const vip = customField('vip', 'checkbox');
    expect(read(since, '05/03/2026')).toEqual({ ok: '2026-03-05' });
    expect(read(since, '5/3/2026')).toEqual({ ok: '2026-03-05' });
    expect(read(since, '2026-03-05')).toEqual({ ok: '2026-03-05' });
    for (const yes of ['Sim', 'SIM', 'Yes', 'true', 'x']) expect(read(vip, yes)).toEqual({ ok: true });
    for (const no of ['Não', 'nao', 'No', 'false', '0']) expect(read(vip, no)).toEqual({ ok: false });
    expect(read(vip, 'talvez')).toHaveProperty('why');
  });

  it('reads an option by its key or its label in either language, a retired one included (records keep it)', () => {
    expect(read(segment, 'industria')).toEqual({ ok: 'industria' });
    expect(read(segment, 'Indústria')).toEqual({ ok: 'industria' });
    expect(read(segment, 'industry')).toEqual({ ok: 'industria' });
    expect(read(segment, ' INDUSTRIA ')).toEqual({ ok: 'industria' });
    expect(read(segment, 'Antigo')).toEqual({ ok: 'antigo' });
    expect(read(segment, 'Serviços')).toEqual({ why: 'must be one of varejo, Indústria' });
  });

  it('reads several options separated by ; (a label may hold a comma), or by commas when each part is one', () => {
    expect(read(interests, 'ERP;Relatórios, painéis')).toEqual({ ok: ['erp', 'bi'] });
    expect(read(interests, 'erp, crm')).toEqual({ ok: ['erp', 'crm'] });
    expect(read(interests, 'crm;CRM')).toEqual({ ok: ['crm'] });
    expect(read(interests, 'erp;SAP')).toEqual({ why: '"SAP" is not one of ERP, Relatórios, painéis, CRM' });
  });

  it('leaves text as it is: the write path checks it as it checks every write', () => {
    expect(read(customField('site', 'url'), 'https://x.example')).toEqual({ ok: 'https://x.example' });
    expect(read(customField('note', 'text'), 'qualquer coisa')).toEqual({ ok: 'qualquer coisa' });
  });
});
