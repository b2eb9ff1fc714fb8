import { describe, expect, it } from 'vitest';
import type { ActivitiesService } from '../../../domain/activities/activities.service';
import { ACTIVITIES_SERVICE } from '../../../domain/activities/activities.tokens';
import type { ContactsService } from '../../../domain/contacts/contacts.service';
import { CONTACTS_SERVICE } from '../../../domain/contacts/contacts.tokens';
import type { DealsService } from '../../../domain/deals/deals.service';
import { DEALS_SERVICE } from '../../../domain/deals/deals.tokens';
import { useTestRuntime, whileWritesFail } from '../../../main/__tests__/test-runtime';

// Each write and its side effects (timeline entry, reminder) commit together or not at all: a failing
// side effect, made to fail by a trigger, leaves no trace of the write.
const app = useTestRuntime();
const REFUSED = /write refused by the test/;
const inAnHour = () => new Date(Date.now() + 60 * 60_000);

const rows = (table: string, where: Record<string, unknown>) => app.runtime.db.knex(table).where(where).select();
const timelineOf = (entityType: string, entityId: number) => rows('crmTimeline', { entityType, entityId });

describe('a write and its side effects are one transaction', () => {
  it('an activity whose reminder cannot be written is not created, nor its timeline entry or lead time', async () => {
    const viewer = await app.viewer();
    const activities = app.get<ActivitiesService>(ACTIVITIES_SERVICE);
    await whileWritesFail(app.runtime, 'activity_reminders', async () => {
      await expect(
        activities.create(viewer, { subject: 'Call back', dueDate: inAnHour(), reminderMinutes: 60 }),
      ).rejects.toThrow(REFUSED);
    });
    expect(await rows('activities', { subject: 'Call back' })).toEqual([]);
    expect(await rows('crmTimeline', { entityType: 'activity', entityName: 'Call back' })).toEqual([]);
    expect(await rows('activityReminderChoices', {})).toEqual([]);
    expect(await rows('activityReminders', {})).toEqual([]);

    // Without the failure the same call writes all four.
    const created = await activities.create(viewer, { subject: 'Call back', dueDate: inAnHour(), reminderMinutes: 60 });
    expect(await timelineOf('activity', created.id)).toHaveLength(1);
    expect(await rows('activityReminders', { activityId: created.id })).toHaveLength(1);
  });

  it('an activity change whose reminder cannot be rescheduled leaves the activity as it was', async () => {
    const viewer = await app.viewer();
    const activities = app.get<ActivitiesService>(ACTIVITIES_SERVICE);
    const created = await activities.create(viewer, { subject: 'No date yet' });
    await whileWritesFail(app.runtime, 'activity_reminders', async () => {
      await expect(activities.update(viewer, created.id, { dueDate: inAnHour(), subject: 'Dated' })).rejects.toThrow(
        REFUSED,
      );
    });
    expect(await activities.get(viewer, created.id)).toEqual(created);
    expect((await timelineOf('activity', created.id)).map((e) => e.action)).toEqual(['created']);
    expect(await rows('activityReminders', { activityId: created.id })).toEqual([]);
  });

  it('a contact whose timeline entry cannot be written is neither created nor changed', async () => {
    const viewer = await app.viewer();
    const contacts = app.get<ContactsService>(CONTACTS_SERVICE);
    const kept = await contacts.create(viewer, { name: 'Kept as is' });
    await whileWritesFail(app.runtime, 'crm_timeline', async () => {
      await expect(contacts.create(viewer, { name: 'Never stored' })).rejects.toThrow(REFUSED);
      await expect(contacts.update(viewer, kept.id, { name: 'Renamed' })).rejects.toThrow(REFUSED);
      await expect(
        contacts.importBatch(viewer, 1, [{ name: 'Imported' }], [{ current: kept, changes: { position: 'CEO' } }]),
      ).rejects.toThrow(REFUSED);
    });
    expect(await rows('contacts', { name: 'Never stored' })).toEqual([]);
    expect(await rows('contacts', { name: 'Imported' })).toEqual([]);
    expect(await contacts.get(viewer, kept.id)).toEqual(kept);
  });

  it('a deal whose timeline entry cannot be written is neither created, changed nor moved', async () => {
    const viewer = await app.viewer();
    const deals = app.get<DealsService>(DEALS_SERVICE);
    const kept = await deals.create(viewer, { title: 'Kept deal' });
    await whileWritesFail(app.runtime, 'crm_timeline', async () => {
      await expect(deals.create(viewer, { title: 'Never stored' })).rejects.toThrow(REFUSED);
      await expect(deals.update(viewer, kept.id, { value: '10.00' })).rejects.toThrow(REFUSED);
      await expect(deals.move(viewer, kept.id, { stage: 'qualification' })).rejects.toThrow(REFUSED);
    });
    expect(await rows('deals', { title: 'Never stored' })).toEqual([]);
    expect(await deals.get(viewer, kept.id)).toEqual(kept);
  });
});
