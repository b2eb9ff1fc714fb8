import { inject, injectable } from 'inversify';
import { PIPELINES_SERVICE } from '../deals/deals.tokens';
import type { PipelinesService } from '../deals/pipelines.service';
import { can } from '../crm/crm-access';
import { FieldError } from '../crm/crm.errors';
import { AppError, ForbiddenError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { CLOCK, UNIT_OF_WORK } from '../shared/shared.tokens';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import type { Viewer } from '../shared/viewer';
import { NOTIFICATION_REPOSITORY } from '../notifications/notifications.tokens';
import { addMonths, elapsedDays, monthOf, monthWindow } from './calendar';
import {
  NO_FIGURES,
  paceOf,
  sumGoals,
  type GoalHistory,
  type GoalInput,
  type GoalItem,
  type GoalSummary,
  type MonthGoals,
} from './goal';
import { goalKey, type GoalRepository, type Person, type PersonMonth, type TimeZoneSource } from './goals.ports';
import { GOAL_REPOSITORY } from './goals.tokens';

const NONE: PersonMonth = { goal: null, actual: NO_FIGURES };

/** The moment and the viewer's time zone every figure of a request is told in. */
export interface ViewerTime {
  now: Date;
  timeZone: string;
}

/**
 * Monthly goals: admins set them for anyone, everyone reads their own (admins everyone's). A month is the
 * viewer's local one (the time zone of their notification settings); what a person did is counted as the
 * reports count it (won deals by owner and close date, completed activities by assignee and completion time).
 */
@injectable()
export class GoalsService {
  constructor(
    @inject(GOAL_REPOSITORY) private readonly goals: GoalRepository,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(NOTIFICATION_REPOSITORY) private readonly settings: TimeZoneSource,
    @inject(PIPELINES_SERVICE) private readonly pipelines: Pick<PipelinesService, 'get'>,
  ) {}

  /** 404 PIPELINE.NOT_FOUND for a key of no pipeline (an archived one keeps its goals). */
  private async checkPipeline(pipeline: string | null): Promise<void> {
    if (pipeline !== null) await this.pipelines.get(pipeline);
  }

  async timeOf(viewer: Viewer): Promise<ViewerTime> {
    return { now: this.clock.now(), timeZone: (await this.settings.settings(viewer.id)).timeZone };
  }

  /**
   * An admin reads every person of the month, anyone else themselves. `month`: the current one when absent;
   * `pipeline`: one pipeline's goals and won deals, or (null) the goals for every pipeline.
   */
  async month(viewer: Viewer, month?: string, pipeline: string | null = null): Promise<MonthGoals> {
    await this.checkPipeline(pipeline);
    const time = await this.timeOf(viewer);
    const chosen = month ?? monthOf(time.now, time.timeZone);
    const people =
      viewer.role === 'admin' ? await this.goals.people(chosen, pipeline) : [await this.someone(viewer.id)];
    return this.monthFor(people, chosen, time, pipeline);
  }

  /** Replaces the month's goals of a pipeline (people left out lose theirs) and answers the month as `month` does. */
  async replace(
    viewer: Viewer,
    month: string,
    items: GoalInput[],
    pipeline: string | null = null,
  ): Promise<MonthGoals> {
    if (!can(viewer, 'goal', 'update')) throw new ForbiddenError('Only administrators set goals');
    await this.checkPipeline(pipeline);
    await this.uow.run(async () => {
      const known = await this.goals.existingUsers(items.map((item) => item.userId));
      items.forEach((item, i) => {
        if (!known.has(item.userId))
          throw new FieldError(`items.${i}.userId`, `items[${i}].userId is not a user (${item.userId})`);
      });
      await this.goals.replace(month, pipeline, items, viewer.id);
    });
    return this.month(viewer, month, pipeline);
  }

  /** The last `months` months up to the current one, oldest first, for one person (others: only themselves). */
  async history(
    viewer: Viewer,
    userId: number | undefined,
    months: number,
    pipeline: string | null = null,
  ): Promise<GoalHistory> {
    const person = await this.someone(this.subject(viewer, userId));
    await this.checkPipeline(pipeline);
    const time = await this.timeOf(viewer);
    const current = monthOf(time.now, time.timeZone);
    const windows = Array.from({ length: months }, (_, i) =>
      monthWindow(addMonths(current, i - months + 1), time.timeZone),
    );
    const found = await this.goals.months(windows, [person.userId], pipeline);
    return {
      ...person,
      pipeline,
      items: windows.map(({ month, daysInMonth }) => {
        const { goal, actual } = found.get(goalKey(month, person.userId)) ?? NONE;
        return {
          month,
          daysInMonth,
          goal,
          actual,
          pace: paceOf(goal, elapsedDays(month, time.now, time.timeZone), daysInMonth),
        };
      }),
    };
  }

  /** The current month of one person, or of the team (userId null: everyone the admin's month lists, added up). */
  async summary(viewer: Viewer, userId: number | null, time: ViewerTime): Promise<GoalSummary> {
    const month = monthOf(time.now, time.timeZone);
    // One person's name is not shown: no need to read it.
    const people = userId === null ? await this.goals.people(month, null) : [{ userId, userName: '' }];
    const goals = await this.monthFor(people, month, time, null);
    return sumGoals(goals.items, goals.dayOfMonth, goals.daysInMonth);
  }

  /** The current month of everyone the admin's month lists. */
  async team(time: ViewerTime): Promise<GoalItem[]> {
    const month = monthOf(time.now, time.timeZone);
    return (await this.monthFor(await this.goals.people(month, null), month, time, null)).items;
  }

  /** The person a viewer asks about: themselves when absent; someone else for admins only (403 otherwise). */
  subject(viewer: Viewer, userId: number | undefined): number {
    if (userId === undefined || userId === viewer.id) return viewer.id;
    if (viewer.role !== 'admin') throw new ForbiddenError('You may only see your own figures');
    return userId;
  }

  /** A user by id (404 when there is none). */
  async someone(userId: number): Promise<Person> {
    const person = await this.goals.person(userId);
    if (!person) throw new AppError('USER.NOT_FOUND', 'User not found');
    return person;
  }

  private async monthFor(
    people: Person[],
    month: string,
    time: ViewerTime,
    pipeline: string | null,
  ): Promise<MonthGoals> {
    const window = monthWindow(month, time.timeZone);
    const months = await this.goals.months(
      [window],
      people.map((p) => p.userId),
      pipeline,
    );
    const dayOfMonth = elapsedDays(month, time.now, time.timeZone);
    return {
      month,
      pipeline,
      daysInMonth: window.daysInMonth,
      dayOfMonth,
      items: people.map((person) => {
        const { goal, actual } = months.get(goalKey(month, person.userId)) ?? NONE;
        return { ...person, goal, actual, pace: paceOf(goal, dayOfMonth, window.daysInMonth) };
      }),
    };
  }
}
