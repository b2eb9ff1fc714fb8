import { beforeEach, describe, expect, it } from 'vitest';
import { customField, customFieldsOf } from '../../custom-fields/__tests__/custom-fields-of';
import { normalizeOptions } from '../../custom-fields/custom-field';
import { InMemoryUnitOfWork } from '../../shared/__tests__/in-memory-unit-of-work';
import { InMemoryTimelineRepository } from '../../timeline/__tests__/in-memory-timeline.repository';
import { TimelineService } from '../../timeline/timeline.service';
import { BULK_FILTER_MAX, type ContactFields } from '../contact';
import { ContactsService } from '../contacts.service';
import { InMemoryContactRepository } from './in-memory-contact.repository';

// ContactsService.bulk over in-memory repositories: one change to many contacts from the list's selection.

const admin = { id: 1, role: 'admin' as const };
const ana = { id: 2, role: 'employee' as const };
const bruno = { id: 3, role: 'employee' as const };

let contacts: InMemoryContactRepository;
let timeline: InMemoryTimelineRepository;
let service: ContactsService;

beforeEach(() => {
  timeline = new InMemoryTimelineRepository();
  contacts = new InMemoryContactRepository(timeline);
  service = new ContactsService(
    contacts,
    new InMemoryUnitOfWork([contacts, timeline]),
    new TimelineService(timeline),
    customFieldsOf([
      customField('segment', 'select', { options: normalizeOptions(['varejo', 'industria']) }),
      customField('since', 'date', { required: true }),
    ]),
  );
});

async function contact(by: { id: number }, fields: Partial<ContactFields> & { name: string }) {
  return contacts.create({ ownerId: by.id, ...fields, createdBy: by.id });
}

const bulkEntries = () => timeline.entries.filter((e) => e.bulk);

describe('ContactsService.bulk', () => {
  it('sets custom field values on each contact, merged into its own; one already so is left alone; a bad value changes nothing', async () => {
    const a = await contact(ana, { name: 'Padaria', customFields: { segment: 'varejo', since: '2020-01-01' } });
    const b = await contact(ana, { name: 'Mercado', customFields: { segment: 'industria', since: '2021-01-01' } });

    const result = await service.bulk(
      admin,
      { ids: [a.id, b.id] },
      { action: 'update', customFields: { segment: 'industria' } },
    );

    expect(result).toEqual({ changed: 1, unchanged: 1, refused: [] });
    expect((await contacts.findById(a.id))!.customFields).toEqual({ segment: 'industria', since: '2020-01-01' });
    expect(bulkEntries().map((e) => [e.entityId, e.changes])).toEqual([
      [
        a.id,
        [
          {
            field: 'customFields',
            oldValue: { segment: 'varejo', since: '2020-01-01' },
            newValue: { segment: 'industria', since: '2020-01-01' },
          },
        ],
      ],
    ]);
    const cleared = await service.bulk(admin, { ids: [a.id] }, { action: 'update', customFields: { segment: null } });
    expect(cleared.changed).toBe(1);
    expect((await contacts.findById(a.id))!.customFields).toEqual({ since: '2020-01-01' });

    for (const [customFields, path] of [
      [{ segment: 'servicos' }, 'customFields.segment'],
      [{ since: null }, 'customFields.since'],
      [{ nothing: 1 }, 'customFields.nothing'],
    ] as const)
      await expect(
        service.bulk(admin, { ids: [a.id, b.id] }, { action: 'update', customFields }),
      ).rejects.toMatchObject({ details: [{ path }] });
    expect((await contacts.findById(b.id))!.customFields).toEqual({ segment: 'industria', since: '2021-01-01' });
  });

  it('changes the selected contacts, leaves alone those already so, and writes one entry per contact changed', async () => {
    const a = await contact(ana, { name: 'Padaria', status: 'lead' });
    const b = await contact(ana, { name: 'Mercado', status: 'lead' });
    const c = await contact(ana, { name: 'Farmácia', status: 'customer' });

    const result = await service.bulk(admin, { ids: [a.id, b.id, c.id] }, { action: 'update', status: 'customer' });

    expect(result).toEqual({ changed: 2, unchanged: 1, refused: [] });
    expect([...contacts.rows.values()].map((x) => x.status)).toEqual(['customer', 'customer', 'customer']);
    expect(bulkEntries().map((e) => [e.entityId, e.action, e.userId, e.changes])).toEqual([
      [a.id, 'updated', admin.id, [{ field: 'status', oldValue: 'lead', newValue: 'customer' }]],
      [b.id, 'updated', admin.id, [{ field: 'status', oldValue: 'lead', newValue: 'customer' }]],
    ]);
  });

  it('refuses, each with its reason, the contacts the viewer may not change or that are gone, and changes the rest', async () => {
    const mine = await contact(ana, { name: 'Mine' });
    const theirs = await contact(bruno, { name: 'Theirs' });
    const gone = 999;

    const result = await service.bulk(
      ana,
      { ids: [mine.id, theirs.id, gone] },
      { action: 'update', status: 'prospect' },
    );

    expect(result.changed).toBe(1);
    expect(result.refused.map((r) => [r.id, r.code])).toEqual([
      [theirs.id, 'AUTH.FORBIDDEN'],
      [gone, 'CONTACT.NOT_FOUND'],
    ]);
    expect((await contacts.findById(mine.id))!.status).toBe('prospect');
    expect((await contacts.findById(theirs.id))!.status).toBe('lead');
    expect(bulkEntries().map((e) => e.entityId)).toEqual([mine.id]);
  });

  it('adds and removes tags, keeping each tag once, and counts a contact already so as unchanged', async () => {
    const a = await contact(ana, { name: 'Padaria', tags: ['vip', 'old'] });
    const b = await contact(ana, { name: 'Mercado', tags: ['vip', 'new'] });

    const result = await service.bulk(
      ana,
      { ids: [a.id, b.id] },
      { action: 'update', addTags: ['vip', 'new'], removeTags: ['old'] },
    );

    expect(result).toMatchObject({ changed: 1, unchanged: 1 });
    expect((await contacts.findById(a.id))!.tags).toEqual(['vip', 'new']);
    expect((await contacts.findById(b.id))!.tags).toEqual(['vip', 'new']);
  });

  it('deletes every contact a filter matches that the viewer may delete, with a deleted entry each', async () => {
    const a = await contact(ana, { name: 'Padaria', source: 'Feira' });
    const b = await contact(bruno, { name: 'Mercado', source: 'feira' });
    const kept = await contact(ana, { name: 'Farmácia', source: 'Site' });

    const result = await service.bulk(ana, { filter: { source: 'FEIRA' } }, { action: 'delete' });

    expect(result.changed).toBe(1);
    expect(result.refused.map((r) => [r.id, r.code])).toEqual([[b.id, 'AUTH.FORBIDDEN']]);
    expect([...contacts.rows.keys()]).toEqual([b.id, kept.id]);
    expect(bulkEntries().map((e) => [e.entityId, e.entityName, e.action, e.contactId, e.visibleTo])).toEqual([
      [a.id, 'Padaria', 'deleted', a.id, null],
    ]);
  });

  it(`refuses a filter matching more than ${BULK_FILTER_MAX} contacts on the filter field, changing nothing`, async () => {
    for (let i = 0; i <= BULK_FILTER_MAX; i += 1) await contact(ana, { name: `C${i}`, tags: ['fair'] });

    await expect(
      service.bulk(admin, { filter: { tag: 'fair' } }, { action: 'update', status: 'inactive' }),
    ).rejects.toMatchObject({ code: 'REQUEST.VALIDATION_FAILED', details: [{ path: 'filter' }] });
    expect([...contacts.rows.values()].some((x) => x.status === 'inactive')).toBe(false);
    expect(timeline.entries).toEqual([]);
  });
});
