import { inject, injectable } from 'inversify';
import { can, ruleFor } from '../crm/crm-access';
import type { Viewer } from '../shared/viewer';
import { RecordNotFoundError } from '../crm/crm.errors';
import { CrmRecords } from '../crm/crm-records';
import type { Page, PageRequest } from '../shared/list-page';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import type { DealRepository } from '../deals/deals.ports';
import { DEAL_REPOSITORY } from '../deals/deals.tokens';
import type { Clock } from '../shared/clock';
import { CLOCK, UNIT_OF_WORK } from '../shared/shared.tokens';
import { ForbiddenError } from '../shared/app-error';
import { DEFAULT_REMINDER_MINUTES, type ReminderChoice } from '../notifications/notification';
import type { RemindersService } from '../notifications/reminders.service';
import { REMINDERS_SERVICE } from '../notifications/notifications.tokens';
import type { TimelineService } from '../timeline/timeline.service';
import { TIMELINE_SERVICE } from '../timeline/timeline.tokens';
import {
  ACTIVITY_TRACKED_FIELDS,
  type Activity,
  type ActivityColumns,
  type ActivityCounts,
  type ActivityFields,
  type ActivityFilter,
  type NewActivity,
} from './activity';
import type { ActivityRepository } from './activities.ports';
import { ACTIVITY_REPOSITORY } from './activities.tokens';

/** What a client may set on an activity: its fields and the reminder lead time. */
export type ActivityInput = Partial<ActivityFields> & { reminderMinutes?: ReminderChoice };

@injectable()
export class ActivitiesService {
  private readonly records: CrmRecords<Activity, NewActivity, ActivityColumns>;

  constructor(
    @inject(ACTIVITY_REPOSITORY) private readonly activities: ActivityRepository,
    @inject(DEAL_REPOSITORY) private readonly deals: DealRepository,
    @inject(UNIT_OF_WORK) uow: UnitOfWork,
    @inject(TIMELINE_SERVICE) timeline: TimelineService,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(REMINDERS_SERVICE) private readonly reminders: RemindersService,
  ) {
    this.records = new CrmRecords(
      activities,
      {
        type: 'activity',
        notFound: () => new RecordNotFoundError('ACTIVITY.NOT_FOUND', 'Activity'),
        displayName: (a) => a.subject,
        // An activity about a deal shows on the deal's contact too.
        contactOf: async (a) =>
          a.contactId ?? (a.dealId ? ((await this.deals.findById(a.dealId))?.contactId ?? null) : null),
        visibleTo: (a) => [...new Set([a.assignedTo, a.createdBy])].filter((id): id is number => id !== null),
        tracked: ACTIVITY_TRACKED_FIELDS,
      },
      uow,
      timeline,
    );
  }

  /** Employees and developers see only what is assigned to them or what they created. */
  list(viewer: Viewer, filter: ActivityFilter, page: PageRequest): Promise<Page<Activity>> {
    const involving = ruleFor(viewer, 'activity', 'read') === 'own' ? viewer.id : undefined;
    return this.activities.list({ ...filter, involving }, page);
  }

  /** The list's two tabs: pending and completed among what the viewer would see with these filters. */
  counts(viewer: Viewer, filter: Omit<ActivityFilter, 'status' | 'order' | 'involving'>): Promise<ActivityCounts> {
    const involving = ruleFor(viewer, 'activity', 'read') === 'own' ? viewer.id : undefined;
    return this.activities.counts({ ...filter, involving });
  }

  get(viewer: Viewer, id: number): Promise<Activity> {
    return this.records.get(viewer, id);
  }

  /**
   * Assigned to the creator by default; created completed, it is completed now. No lead time given: the
   * default. The activity, its timeline entry and its reminder are written together or not at all.
   */
  create(viewer: Viewer, input: ActivityInput & Pick<ActivityFields, 'subject'>): Promise<Activity> {
    const { reminderMinutes, ...fields } = input;
    const build = () => ({
      ...fields,
      assignedTo: fields.assignedTo === undefined ? viewer.id : fields.assignedTo,
      completedAt: fields.status === 'completed' ? this.clock.now() : null,
      createdBy: viewer.id,
    });
    return this.records.create(viewer, build, (created) => this.syncReminder(created, reminderMinutes));
  }

  /** Completing stamps completedAt; reopening clears it. The change and its reminder are one transaction. */
  update(viewer: Viewer, id: number, input: ActivityInput, expectedUpdatedAt?: Date): Promise<Activity> {
    const { reminderMinutes, ...changes } = input;
    const build = (current: Activity) =>
      changes.status === undefined || changes.status === current.status
        ? changes
        : { ...changes, completedAt: changes.status === 'completed' ? this.clock.now() : null };
    return this.records.update(viewer, id, expectedUpdatedAt, build, (updated) =>
      this.syncReminder(updated, reminderMinutes),
    );
  }

  /**
   * Due date, assignee, status or lead time may have changed: the reminder moves, or goes. A new lead
   * time is stored first (setChoice then syncs) so the reminder time is computed from it.
   */
  private async syncReminder(activity: Activity, reminderMinutes: ReminderChoice | undefined): Promise<Activity> {
    if (reminderMinutes === undefined) {
      await this.reminders.sync(activity.id);
      return activity;
    }
    await this.reminders.setChoice(activity.id, reminderMinutes);
    return { ...activity, reminderMinutes };
  }

  remove(viewer: Viewer, id: number): Promise<void> {
    return this.records.remove(viewer, id);
  }

  /** The activity's reminder lead time in minutes (null: none), the default when none was chosen; 404 as `get`. */
  async reminder(viewer: Viewer, id: number): Promise<ReminderChoice> {
    await this.get(viewer, id);
    const minutes = await this.reminders.choice(id);
    return minutes === undefined ? DEFAULT_REMINDER_MINUTES : minutes;
  }

  /** Who may change the activity may change its reminder: 404 when the viewer may not read it, else 403. */
  async setReminder(viewer: Viewer, id: number, minutes: ReminderChoice): Promise<ReminderChoice> {
    const activity = await this.get(viewer, id);
    if (!can(viewer, 'activity', 'update', activity)) throw new ForbiddenError();
    await this.reminders.setChoice(id, minutes);
    return minutes;
  }
}
