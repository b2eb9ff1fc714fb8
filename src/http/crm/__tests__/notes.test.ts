import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useCrmServer } from './crm-test-kit';

const crm = useCrmServer();

const contactNamed = async (name: string) =>
  (await crm.users.employee.post('/api/crm/contacts', { name })).body as { id: number; name: string };

const nameOf = async (client: typeof crm.users.employee) =>
  ((await client.get('/api/user')).body as { name: string }).name;

const paths = (body: { error: { details: { path: string }[] } }) => body.error.details.map((d) => d.path);

describe('POST /api/crm/notes', () => {
  it("logs a call on a contact and answers the note with its author's name", async () => {
    const contact = await contactNamed('Nota Call');
    const res = await crm.users.employee.post('/api/crm/notes', {
      kind: 'call',
      body: 'She asked for a **new quote** on Monday',
      outcome: 'answered',
      durationMin: 12,
      occurredAt: '2026-11-20T14:00:00.000Z',
      contactId: contact.id,
      createdBy: crm.users.ids.admin,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      kind: 'call',
      body: 'She asked for a **new quote** on Monday',
      outcome: 'answered',
      durationMin: 12,
      occurredAt: '2026-11-20T14:00:00.000Z',
      contactId: contact.id,
      dealId: null,
      companyId: null,
      activityId: null,
      pinned: false,
      editedAt: null,
      createdBy: crm.users.ids.employee,
      authorName: await nameOf(crm.users.employee),
      createdAt: expect.any(String),
      nextActivityId: null,
    });
    const read = await crm.users.other.get(`/api/crm/notes/${res.body.id}`);
    expect(read.status).toBe(200);
    const { nextActivityId: _, ...note } = res.body;
    expect(read.body).toEqual(note);
  });

  it('occurs now when not told otherwise, and fills in the contact of a deal given alone', async () => {
    const contact = await contactNamed('Nota Deal Contact');
    const deal = (await crm.users.employee.post('/api/crm/deals', { title: 'Nota deal', contactId: contact.id })).body;
    const before = Date.now();
    const res = await crm.users.employee.post('/api/crm/notes', {
      kind: 'meeting',
      body: 'Demo done',
      dealId: deal.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ contactId: contact.id, dealId: deal.id, outcome: null, durationMin: null });
    expect(new Date(res.body.occurredAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps HTML as the text it is', async () => {
    const contact = await contactNamed('Nota Html');
    const body = '<script>alert("x")</script> <b>bold</b> & <img src=x onerror=alert(1)>';
    const res = await crm.users.employee.post('/api/crm/notes', { kind: 'note', body, contactId: contact.id });
    expect(res.status).toBe(201);
    expect((await crm.users.employee.get(`/api/crm/notes/${res.body.id}`)).body.body).toBe(body);
  });

  it('accepts 20,000 characters and refuses 20,001 naming body', async () => {
    const contact = await contactNamed('Nota Long');
    const longest = 'ç'.repeat(20_000);
    const ok = await crm.users.employee.post('/api/crm/notes', { kind: 'note', body: longest, contactId: contact.id });
    expect(ok.status).toBe(201);
    expect(ok.body.body).toBe(longest);
    const tooLong = await crm.users.employee.post('/api/crm/notes', {
      kind: 'note',
      body: `${longest}x`,
      contactId: contact.id,
    });
    expect(tooLong.status).toBe(400);
    expect(paths(tooLong.body)).toEqual(['body']);
    expect((await crm.users.employee.get(`/api/crm/notes?contact=${contact.id}`)).body.items).toHaveLength(1);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const contact = await contactNamed('Nota Bad');
    const post = (body: object) => crm.users.employee.post('/api/crm/notes', body);
    const neither = await post({ kind: 'note', body: 'x' });
    expect([neither.status, paths(neither.body)]).toEqual([400, ['contactId']]);
    const outcome = await post({ kind: 'note', body: 'x', outcome: 'answered', contactId: contact.id });
    expect([outcome.status, paths(outcome.body)]).toEqual([400, ['outcome']]);
    const fields = await post({
      kind: 'fax',
      body: '   ',
      outcome: 'maybe',
      durationMin: 1441,
      occurredAt: 'yesterday',
      contactId: contact.id,
    });
    expect(fields.status).toBe(400);
    expect(paths(fields.body).sort()).toEqual(['body', 'durationMin', 'kind', 'occurredAt', 'outcome']);
    const missingContact = await post({ kind: 'note', body: 'x', contactId: 999_999 });
    expect([missingContact.status, paths(missingContact.body)]).toEqual([400, ['contactId']]);
    const missingDeal = await post({ kind: 'note', body: 'x', dealId: 999_999 });
    expect([missingDeal.status, paths(missingDeal.body)]).toEqual([400, ['dealId']]);
    expect((await crm.users.employee.get(`/api/crm/notes?contact=${contact.id}`)).body.items).toEqual([]);
  });
});

describe('a note on an activity, and the next step', () => {
  const activityFor = async (contactId: number, dealId: number | null = null) =>
    (
      await crm.users.employee.post('/api/crm/activities', {
        type: 'call',
        subject: 'Call back',
        contactId,
        dealId,
        dueDate: '2026-11-20T12:00:00.000Z',
      })
    ).body as { id: number };

  it('completes the activity, takes its contact and deal, and plans the follow-up in one save', async () => {
    const contact = await contactNamed('Nota Flow');
    const deal = (await crm.users.employee.post('/api/crm/deals', { title: 'Flow deal', contactId: contact.id })).body;
    const activity = await activityFor(contact.id, deal.id);
    const res = await crm.users.employee.post('/api/crm/notes', {
      kind: 'call',
      body: 'Wants a quote',
      outcome: 'answered',
      activityId: activity.id,
      next: { type: 'email', subject: 'Send the quote', dueDate: '2026-12-01T12:00:00.000Z', priority: 'high' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ contactId: contact.id, dealId: deal.id, activityId: activity.id });
    const done = (await crm.users.employee.get(`/api/crm/activities/${activity.id}`)).body;
    expect(done).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
    const next = (await crm.users.employee.get(`/api/crm/activities/${res.body.nextActivityId}`)).body;
    expect(next).toMatchObject({
      type: 'email',
      subject: 'Send the quote',
      status: 'pending',
      priority: 'high',
      dueDate: '2026-12-01T12:00:00.000Z',
      contactId: contact.id,
      dealId: deal.id,
      assignedTo: crm.users.ids.employee,
    });
    const timeline = (await crm.users.employee.get(`/api/crm/contacts/${contact.id}/timeline`)).body.items as {
      entityType: string;
      entityId: number;
      action: string;
    }[];
    expect(timeline.slice(0, 3).map((e) => [e.entityType, e.entityId, e.action])).toEqual([
      ['activity', res.body.nextActivityId, 'created'],
      ['note', res.body.id, 'created'],
      ['activity', activity.id, 'updated'],
    ]);
  });

  it('leaves no note and no completed activity when the next step cannot be created', async () => {
    const contact = await contactNamed('Nota Rollback');
    const activity = await activityFor(contact.id);
    const res = await crm.users.employee.post('/api/crm/notes', {
      kind: 'call',
      body: 'Rolled back',
      activityId: activity.id,
      next: { type: 'task', subject: 'Never', dueDate: '2026-12-01T12:00:00.000Z', assignedTo: 999_999 },
    });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(['assignedTo']);
    expect((await crm.users.employee.get(`/api/crm/notes?contact=${contact.id}`)).body.items).toEqual([]);
    expect((await crm.users.employee.get(`/api/crm/activities/${activity.id}`)).body.status).toBe('pending');
    const timeline = (await crm.users.employee.get(`/api/crm/contacts/${contact.id}/timeline`)).body.items as {
      entityType: string;
    }[];
    expect(timeline.map((e) => e.entityType)).toEqual(['activity', 'contact']);
  });

  it("answers for someone else's activity as its update would: 404 unseen, 403 unchangeable", async () => {
    const contact = await contactNamed('Nota Foreign');
    const activity = await activityFor(contact.id);
    const post = (client: typeof crm.users.other, body = 'x') =>
      client.post('/api/crm/notes', { kind: 'note', body, activityId: activity.id });
    expect((await post(crm.users.other)).status).toBe(404);
    expect((await post(crm.users.other)).body.error.code).toBe('ACTIVITY.NOT_FOUND');
    expect((await post(crm.users.admin, 'by the admin')).status).toBe(201);
    const missing = await crm.users.employee.post('/api/crm/notes', { kind: 'note', body: 'x', activityId: 999_999 });
    expect(missing.status).toBe(404);
  });

  it('requires the next step to have a type, subject and due date', async () => {
    const contact = await contactNamed('Nota Next');
    const res = await crm.users.employee.post('/api/crm/notes', {
      kind: 'note',
      body: 'x',
      contactId: contact.id,
      next: { dueDate: null },
    });
    expect(res.status).toBe(400);
    expect(paths(res.body).sort()).toEqual(['next.dueDate', 'next.subject', 'next.type']);
  });
});

describe('changing, pinning and deleting notes', () => {
  const noteOn = async (contactId: number, body = 'First words') =>
    (await crm.users.employee.post('/api/crm/notes', { kind: 'call', body, outcome: 'busy', contactId })).body as {
      id: number;
      editedAt: string | null;
    };

  it('lets the author and an admin change and delete a note, and nobody else', async () => {
    const contact = await contactNamed('Nota Perm');
    const note = await noteOn(contact.id);
    const path = `/api/crm/notes/${note.id}`;
    const refused = await crm.users.other.patch(path, { body: 'Not mine' });
    expect([refused.status, refused.body.error.code]).toEqual([403, 'AUTH.FORBIDDEN']);
    expect((await crm.users.other.patch(path, { pinned: true })).status).toBe(403);
    expect((await crm.users.other.delete(path)).status).toBe(403);
    expect((await crm.users.developer.delete(path)).status).toBe(403);
    expect((await crm.users.employee.patch(path, { body: 'By the author' })).status).toBe(200);
    expect((await crm.users.admin.patch(path, { body: 'By an admin' })).body.body).toBe('By an admin');
    expect((await crm.users.other.get(path)).body.body).toBe('By an admin');
    expect((await crm.users.admin.delete(path)).status).toBe(204);
    expect((await crm.users.employee.get(path)).status).toBe(404);
    expect((await crm.users.employee.get(path)).body.error.code).toBe('NOTE.NOT_FOUND');
    const mine = await noteOn(contact.id);
    expect((await crm.users.employee.delete(`/api/crm/notes/${mine.id}`)).status).toBe(204);
    expect((await crm.users.employee.patch('/api/crm/notes/999999', { body: 'x' })).status).toBe(404);
  });

  it('keeps the previous text of an edit and marks the note edited', async () => {
    const contact = await contactNamed('Nota Edit');
    const note = await noteOn(contact.id);
    const path = `/api/crm/notes/${note.id}`;
    const same = await crm.users.employee.patch(path, { body: 'First words' });
    expect(same.body.editedAt).toBeNull();
    const edited = await crm.users.employee.patch(path, { body: 'Second words', outcome: 'answered' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ body: 'Second words', outcome: 'answered', editedAt: expect.any(String) });
    await crm.users.admin.patch(path, { kind: 'note' });
    const revisions = await crm.knex('crmNoteRevisions').where({ noteId: note.id }).orderBy('id');
    expect(revisions.map((r) => [r.body, r.outcome, r.editedBy])).toEqual([
      ['First words', 'busy', crm.users.ids.employee],
      ['Second words', 'answered', crm.users.ids.admin],
    ]);
    // No longer a call: no outcome, and none may be given.
    expect((await crm.users.employee.get(path)).body).toMatchObject({ kind: 'note', outcome: null });
    const outcome = await crm.users.employee.patch(path, { outcome: 'busy' });
    expect([outcome.status, paths(outcome.body)]).toEqual([400, ['outcome']]);
    const long = await crm.users.employee.patch(path, { body: 'x'.repeat(20_001) });
    expect([long.status, paths(long.body)]).toEqual([400, ['body']]);
    expect((await crm.users.employee.patch(path, {})).status).toBe(400);
  });

  it('pins and unpins without marking an edit, and lists the pinned ones', async () => {
    const contact = await contactNamed('Nota Pin');
    const first = await noteOn(contact.id, 'One');
    const second = await noteOn(contact.id, 'Two');
    const pinned = await crm.users.employee.patch(`/api/crm/notes/${first.id}`, { pinned: true });
    expect(pinned.body).toMatchObject({ pinned: true, editedAt: null, body: 'One' });
    const list = (query: string) =>
      crm.users.other
        .get(`/api/crm/notes?contact=${contact.id}${query}`)
        .then((res) => (res.body.items as { id: number }[]).map((n) => n.id));
    expect(await list('')).toEqual([second.id, first.id]);
    expect(await list('&pinned=true')).toEqual([first.id]);
    expect(await list('&pinned=false')).toEqual([second.id]);
    const unpinned = await crm.users.employee.patch(`/api/crm/notes/${first.id}`, { pinned: false });
    expect(unpinned.body).toMatchObject({ pinned: false, editedAt: null });
    expect(await list('&pinned=true')).toEqual([]);
    expect(await crm.knex('crmNoteRevisions').where({ noteId: first.id })).toEqual([]);
  });
});

describe('notes on the timelines', () => {
  interface Entry {
    entityType: string;
    entityId: number;
    action: string;
    userName: string | null;
    dealId?: number;
    note?: Record<string, unknown> | null;
  }

  it("show on the contact's and the deal's timeline with their author, as they are now", async () => {
    const contact = await contactNamed('Nota Timeline');
    const deal = (await crm.users.admin.post('/api/crm/deals', { title: 'Timeline deal', contactId: contact.id })).body;
    const note = (
      await crm.users.employee.post('/api/crm/notes', {
        kind: 'whatsapp',
        body: 'Sent the *catalogue*',
        durationMin: 5,
        occurredAt: '2026-11-21T10:00:00.000Z',
        dealId: deal.id,
      })
    ).body;
    const author = await nameOf(crm.users.employee);
    const expected = {
      entityType: 'note',
      entityId: note.id,
      action: 'created',
      userName: author,
      contactId: contact.id,
      dealId: deal.id,
      note: {
        id: note.id,
        kind: 'whatsapp',
        body: 'Sent the *catalogue*',
        outcome: null,
        durationMin: 5,
        occurredAt: '2026-11-21T10:00:00.000Z',
        pinned: false,
        editedAt: null,
        createdBy: crm.users.ids.employee,
      },
    };
    const timeline = async (path: string) => (await crm.users.other.get(path)).body.items as Entry[];
    const contactTimeline = await timeline(`/api/crm/contacts/${contact.id}/timeline`);
    expect(contactTimeline[0]).toMatchObject(expected);
    const dealTimeline = await timeline(`/api/crm/deals/${deal.id}/timeline`);
    expect(dealTimeline.map((e) => [e.entityType, e.action])).toEqual([
      ['note', 'created'],
      ['deal', 'created'],
    ]);
    expect(dealTimeline[0]).toMatchObject(expected);
    // Entries that are not notes carry no note.
    expect('note' in dealTimeline[1]).toBe(false);

    await crm.users.employee.patch(`/api/crm/notes/${note.id}`, { body: 'Sent the catalogue again', pinned: true });
    const changed = (await timeline(`/api/crm/deals/${deal.id}/timeline`))[0];
    expect(changed.note).toMatchObject({
      body: 'Sent the catalogue again',
      pinned: true,
      editedAt: expect.any(String),
    });

    await crm.users.employee.delete(`/api/crm/notes/${note.id}`);
    const deleted = (await timeline(`/api/crm/contacts/${contact.id}/timeline`))[0];
    expect(deleted).toMatchObject({ entityType: 'note', entityId: note.id, note: null, userName: author });
  });

  it("leaves other deals' notes off a deal's timeline", async () => {
    const contact = await contactNamed('Nota Two Deals');
    const one = (await crm.users.employee.post('/api/crm/deals', { title: 'One', contactId: contact.id })).body;
    const two = (await crm.users.employee.post('/api/crm/deals', { title: 'Two', contactId: contact.id })).body;
    await crm.users.employee.post('/api/crm/notes', { kind: 'note', body: 'About two', dealId: two.id });
    await crm.users.employee.post('/api/crm/notes', { kind: 'note', body: 'About the contact', contactId: contact.id });
    const entries = (await crm.users.employee.get(`/api/crm/deals/${one.id}/timeline`)).body.items as Entry[];
    expect(entries.map((e) => [e.entityType, e.entityId])).toEqual([['deal', one.id]]);
    const notes = (await crm.users.employee.get(`/api/crm/notes?deal=${two.id}`)).body.items as { body: string }[];
    expect(notes.map((n) => n.body)).toEqual(['About two']);
  });
});

describe('finding notes', () => {
  /** A word no other record holds: ten random letters. */
  const token = () => `n${Array.from(randomBytes(10), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}z`;

  it('shows notes in the palette, ignoring case and accents, newest first, with what they open', async () => {
    const word = token();
    const contact = await contactNamed('Nota Paleta');
    const deal = (await crm.users.employee.post('/api/crm/deals', { title: 'Paleta deal', contactId: contact.id }))
      .body;
    const older = (
      await crm.users.employee.post('/api/crm/notes', {
        kind: 'note',
        body: `Pediu orçamento ${word} para março`,
        contactId: contact.id,
      })
    ).body;
    const lead = 'Ligação longa. '.repeat(10);
    const newer = (
      await crm.users.admin.post('/api/crm/notes', {
        kind: 'call',
        body: `${lead}Orçamento ${word.toUpperCase()} aprovado\n\ncom desconto ${'e mais '.repeat(40)}`,
        outcome: 'answered',
        dealId: deal.id,
      })
    ).body;
    const res = await crm.users.other.get(`/api/crm/search?q=${encodeURIComponent(`ORCAMENTO ${word}`)}`);
    expect(res.status).toBe(200);
    expect(res.body.notes).toEqual([
      {
        id: newer.id,
        kind: 'call',
        excerpt: expect.stringMatching(
          new RegExp(`^….*Orçamento ${word.toUpperCase()} aprovado com desconto e mais.*…$`),
        ),
        occurredAt: newer.occurredAt,
        contactId: contact.id,
        contactName: 'Nota Paleta',
        dealId: deal.id,
        dealTitle: 'Paleta deal',
        companyId: null,
        companyName: null,
      },
      {
        id: older.id,
        kind: 'note',
        excerpt: `Pediu orçamento ${word} para março`,
        occurredAt: older.occurredAt,
        contactId: contact.id,
        contactName: 'Nota Paleta',
        dealId: null,
        dealTitle: null,
        companyId: null,
        companyName: null,
      },
    ]);
    expect(res.body.notes[0].excerpt.length).toBeLessThanOrEqual(162);
    const limited = await crm.users.other.get(`/api/crm/search?q=${word}&limit=1`);
    expect(limited.body.notes.map((n: { id: number }) => n.id)).toEqual([newer.id]);
    await crm.users.employee.delete(`/api/crm/notes/${older.id}`);
    const after = await crm.users.other.get(`/api/crm/search?q=${word}`);
    expect(after.body.notes.map((n: { id: number }) => n.id)).toEqual([newer.id]);
  });

  it('finds contacts by their notes in the contacts search, with its filters, page after page', async () => {
    const word = token();
    const byName = (await crm.users.employee.post('/api/crm/contacts', { name: `Busca ${word}` })).body;
    const byNote = await contactNamed('Nota Busca Lead');
    await contactNamed('Nota Busca Nada');
    const customer = (
      await crm.users.employee.post('/api/crm/contacts', { name: 'Nota Busca Cliente', status: 'customer' })
    ).body;
    for (const [id, body] of [
      [byNote.id, `Falou do preço ${word} ontem`],
      [customer.id, `Renovação ${word}`],
      [customer.id, `Outra menção a ${word}`],
    ] as const)
      expect((await crm.users.admin.post('/api/crm/notes', { kind: 'note', body, contactId: id })).status).toBe(201);
    // A note of one of them on another text.
    await crm.users.admin.post('/api/crm/notes', { kind: 'note', body: 'Nada a ver', contactId: byName.id });

    const pages = async (query: string) => {
      const seen: number[] = [];
      const totals: number[] = [];
      let cursor = '';
      do {
        const res = await crm.users.other.get(`/api/crm/contacts?${query}&limit=1&includeTotal=true${cursor}`);
        expect(res.status).toBe(200);
        seen.push(...(res.body.items as { id: number }[]).map((c) => c.id));
        totals.push(res.body.total);
        cursor = res.body.nextCursor ? `&cursor=${res.body.nextCursor}` : '';
      } while (cursor);
      return { seen, totals: [...new Set(totals)] };
    };
    expect(await pages(`search=${encodeURIComponent(`PRECO ${word}`)}`)).toEqual({ seen: [byNote.id], totals: [1] });
    expect(await pages(`search=${word}`)).toEqual({ seen: [customer.id, byNote.id, byName.id], totals: [3] });
    expect(await pages(`search=${word}&status=customer`)).toEqual({ seen: [customer.id], totals: [1] });

    // The export and the bulk change take the contacts the list shows.
    const csv = await crm.users.admin.get(`/api/crm/contacts/export?search=${word}`);
    expect(csv.status).toBe(200);
    for (const name of [`Busca ${word}`, 'Nota Busca Lead', 'Nota Busca Cliente']) expect(csv.text).toContain(name);
    expect(csv.text).not.toContain('Nota Busca Nada');
  });
});
