import { describe, expect, it } from 'vitest';
import { expectErrorShape, useCrmServer } from '../../crm/__tests__/crm-test-kit';

const crm = useCrmServer();
const yearsAgo = (years: number) => new Date(Date.now() - years * 365.25 * 86_400_000);

async function contact(name: string, status = 'lead', years = 3) {
  const { id } = (await crm.users.admin.post('/api/crm/contacts', { name, status })).body;
  await crm
    .knex('contacts')
    .where({ id })
    .update({ updatedAt: yearsAgo(years) });
  return id as number;
}

async function deal(contactId: number, stage: 'lost' | 'proposal', years: number) {
  const { id } = (await crm.users.admin.post('/api/crm/deals', { title: `Negócio ${contactId}`, contactId })).body;
  await crm
    .knex('deals')
    .where({ id })
    .update({ stage, closedAt: stage === 'lost' ? yearsAgo(years) : null, updatedAt: yearsAgo(years) });
  await crm
    .knex('contacts')
    .where({ id: contactId })
    .update({ updatedAt: yearsAgo(years) });
  return id as number;
}

const waiting = async () =>
  (await crm.users.admin.get('/api/privacy/retention/candidates?limit=100')).body.items as {
    id: number;
    rule: string;
    contactId: number;
  }[];

describe('retention (LGPD)', () => {
  it('lists what each rule finds once a day, only when on, and anonymizes only what an admin confirms', async () => {
    const idle = await contact('Lead parado');
    const busy = await contact('Lead com tarefa recente');
    await crm.users.admin.post('/api/crm/activities', { subject: 'Ligar', contactId: busy });
    await crm
      .knex('contacts')
      .where({ id: busy })
      .update({ updatedAt: yearsAgo(3) });
    const customer = await contact('Cliente antigo', 'customer');
    const lost = await contact('Perdeu tudo', 'prospect', 6);
    await deal(lost, 'lost', 6);
    const mixed = await contact('Perdeu um, negocia outro', 'prospect', 6);
    await deal(mixed, 'lost', 6);
    await deal(mixed, 'proposal', 6);
    const recentLoss = await contact('Perdeu há pouco', 'prospect', 1);
    await deal(recentLoss, 'lost', 1);

    // Off by default: the scan lists nothing.
    const rules = (await crm.users.admin.get('/api/privacy/retention/rules')).body.items;
    expect(rules).toEqual([
      expect.objectContaining({ kind: 'inactive_leads', months: 24, active: false }),
      expect.objectContaining({ kind: 'lost_deal_contacts', months: 60, active: false }),
    ]);
    expect((await crm.users.admin.post('/api/privacy/retention/scan', {})).body.listed).toEqual({});
    expect(await waiting()).toEqual([]);

    for (const kind of ['inactive_leads', 'lost_deal_contacts']) {
      const on = await crm.users.admin.patch(`/api/privacy/retention/rules/${kind}`, { active: true });
      expect(on.status, on.text).toBe(200);
    }
    const bad = await crm.users.admin.patch('/api/privacy/retention/rules/inactive_leads', { months: 0 });
    expect(bad.status).toBe(400);
    expectErrorShape(bad.body);
    expect(bad.body.error.details[0].path).toBe('months');

    const scanned = await crm.users.admin.post('/api/privacy/retention/scan', {});
    expect(scanned.status, scanned.text).toBe(200);
    const listed = await waiting();
    const found = (rule: string) => listed.filter((c) => c.rule === rule).map((c) => c.contactId);
    expect(found('inactive_leads')).toContain(idle);
    expect(found('inactive_leads')).not.toContain(busy);
    expect(found('inactive_leads')).not.toContain(customer);
    expect(found('lost_deal_contacts')).toEqual([lost]);
    // A second scan lists nobody twice.
    await crm.users.admin.post('/api/privacy/retention/scan', {});
    expect((await waiting()).length).toBe(listed.length);

    // Nothing happened to anyone yet.
    expect((await crm.users.admin.get(`/api/crm/contacts/${lost}`)).body).toMatchObject({
      name: 'Perdeu tudo',
      anonymizedAt: null,
    });
    for (const client of [crm.users.employee, crm.users.developer]) {
      expect((await client.get('/api/privacy/retention/candidates')).status).toBe(403);
      expect((await client.post('/api/privacy/retention/scan', {})).status).toBe(403);
    }

    const idOf = (contactId: number) => listed.find((c) => c.contactId === contactId)!.id;
    const kept = await crm.users.admin.post('/api/privacy/retention/candidates/decide', {
      ids: [idOf(idle)],
      action: 'keep',
    });
    expect(kept.body).toEqual({ decided: 1 });
    const gone = await crm.users.admin.post('/api/privacy/retention/candidates/decide', {
      ids: [idOf(lost)],
      action: 'anonymize',
    });
    expect(gone.status, gone.text).toBe(200);
    expect((await crm.users.admin.get(`/api/crm/contacts/${lost}`)).body).toMatchObject({
      name: 'Contato anonimizado',
    });
    expect((await crm.users.admin.get(`/api/crm/contacts/${idle}`)).body.anonymizedAt).toBeNull();
    const again = await crm.users.admin.post('/api/privacy/retention/candidates/decide', {
      ids: [idOf(lost)],
      action: 'keep',
    });
    expect(again.status).toBe(400);
    expect(again.body.error.details[0].path).toBe('ids');

    // Kept and anonymized contacts are not listed again.
    await crm.users.admin.post('/api/privacy/retention/scan', {});
    const after = (await waiting()).map((c) => c.contactId);
    expect(after).not.toContain(idle);
    expect(after).not.toContain(lost);
    const decided = (await crm.users.admin.get('/api/privacy/retention/candidates?decided=true')).body.items;
    expect(decided.map((c: { decision: string }) => c.decision).sort()).toEqual(['anonymized', 'kept']);
    const audit = (await crm.users.admin.get('/api/privacy/audit?limit=10')).body.items.map(
      (e: { action: string }) => e.action,
    );
    expect(audit).toEqual(expect.arrayContaining(['retention.kept', 'subject.anonymized', 'retention.rule_changed']));
  });
});
