import { describe, expect, it } from 'vitest';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

describe('templates', () => {
  it('lists the seeded templates with their variables, for admins and developers only', async () => {
    const res = await crm.users.developer.get('/api/crm/templates?includeTotal=true');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
    const welcome = res.body.items.find((t: { category: string }) => t.category === 'welcome');
    expect(welcome.variables).toEqual(['contact_name', 'company', 'user_name']);
    expect((await crm.users.employee.get('/api/crm/templates')).status).toBe(403);
    expect((await crm.users.employee.get(`/api/crm/templates/${welcome.id}`)).status).toBe(403);
    expect((await crm.users.admin.get('/api/crm/templates?search=proposta')).body.items.map((t: { category: string }) => t.category)).toEqual(['proposal']);
  });

  it('is written by admins only', async () => {
    const body = { name: 'Promo', subject: 'Hi {{contact_name}}', body: 'Offer for {{ company }} by {{user_name}}', category: 'marketing' };
    expect((await crm.users.developer.post('/api/crm/templates', body)).status).toBe(403);
    expect((await crm.users.employee.post('/api/crm/templates', body)).status).toBe(403);
    const created = await crm.users.admin.post('/api/crm/templates', { ...body, createdBy: 99 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...body, isActive: true, createdBy: crm.users.ids.admin, variables: ['contact_name', 'company', 'user_name'] });
    expect((await crm.users.developer.patch(`/api/crm/templates/${created.body.id}`, { isActive: false })).status).toBe(403);
    const updated = await crm.users.admin.patch(`/api/crm/templates/${created.body.id}`, { isActive: false, updatedAt: created.body.updatedAt });
    expect(updated.body.isActive).toBe(false);
    expect((await crm.users.admin.patch(`/api/crm/templates/${created.body.id}`, { name: 'Stale', updatedAt: created.body.updatedAt })).status).toBe(409);
    expect((await crm.users.developer.delete(`/api/crm/templates/${created.body.id}`)).status).toBe(403);
    expect((await crm.users.admin.delete(`/api/crm/templates/${created.body.id}`)).status).toBe(204);
    expect((await crm.users.admin.get(`/api/crm/templates/${created.body.id}`)).status).toBe(404);
    expect((await crm.users.admin.post('/api/crm/templates', { name: 'x' })).body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(['body', 'subject']);
  });

  it('renders from a contact and deal, escaping what it inserts', async () => {
    const contact = (await crm.users.employee.post('/api/crm/contacts', { name: '<b>Zé</b> & "Co"', company: 'ACME\nBcc: x@evil' })).body;
    const deal = (await crm.users.employee.post('/api/crm/deals', { title: 'Plano', value: '1500.00', contactId: contact.id })).body;
    const template = (await crm.users.admin.post('/api/crm/templates', { name: 'R', subject: '{{company}}: {{deal_title}}', body: '<p>{{contact_name}} {{deal_value}} {{meeting_date}} {{unknown}}</p>' })).body;
    const res = await crm.users.developer.post(`/api/crm/templates/${template.id}/render`, { contactId: contact.id, dealId: deal.id, values: { meeting_date: '01/12 <10h>' } });
    expect(res.status).toBe(200);
    expect(res.body.subject).toBe('ACME Bcc: x@evil: Plano');
    expect(res.body.body).toBe('<p>&lt;b&gt;Zé&lt;/b&gt; &amp; &quot;Co&quot; R$\u00a01.500,00 01/12 &lt;10h&gt; {{unknown}}</p>');
    expect(res.body.missing).toEqual(['unknown']);
    expect((await crm.users.developer.post(`/api/crm/templates/${template.id}/render`, { contactId: 999999 })).status).toBe(404);
    expect((await crm.users.employee.post(`/api/crm/templates/${template.id}/render`, { contactId: contact.id })).status).toBe(403);
  });
});
