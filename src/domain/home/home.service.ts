import { inject, injectable } from 'inversify';
import { ruleFor } from '../crm/crm-access';
import { DEFAULT_PIPELINE } from '../deals/deal';
import { PIPELINES_SERVICE, PIPELINE_STAGES_SERVICE } from '../deals/deals.tokens';
import type { PipelineStagesService } from '../deals/pipeline-stages.service';
import type { PipelinesService } from '../deals/pipelines.service';
import { monthDays, monthOf, weekWindow } from '../goals/calendar';
import type { GoalsService, ViewerTime } from '../goals/goals.service';
import { GOALS_SERVICE } from '../goals/goals.tokens';
import { nextLocalMidnight } from '../notifications/digest-message';
import { ForbiddenError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import type { ReadCache } from '../shared/read-cache.port';
import { CLOCK, READ_CACHE } from '../shared/shared.tokens';
import type { Viewer } from '../shared/viewer';
import {
  AGENDA_LIMIT,
  CLOSING_LIMIT,
  NO_NEXT_STEP_LIMIT,
  RECENT_CONTACTS_LIMIT,
  type PipelineStageFigures,
} from './home';
import type { HomeRepository } from './home.ports';
import { HOME_REPOSITORY } from './home.tokens';

/**
 * The home screen's sections, one request each, for one person or (admins, no person given) the whole team.
 * Each reuses what the rest of the product counts with: the agenda is the activities screen's list (overdue: due
 * before now; today: due from now to the viewer's next local midnight), the pipeline is the board's stage summary
 * for the owner, the goal is the goals' month. "Today", "this week" and "this month" are the viewer's, in the time
 * zone of their notification settings.
 *
 * Every section is cached (ReadCache): forgotten on any write, kept at most the cache's time to live otherwise, keyed
 * by whose figures, the viewer's reach where it narrows them, and the viewer's time zone and day where they count.
 */
@injectable()
export class HomeService {
  constructor(
    @inject(HOME_REPOSITORY) private readonly home: HomeRepository,
    @inject(GOALS_SERVICE) private readonly goals: GoalsService,
    @inject(PIPELINE_STAGES_SERVICE) private readonly stages: Pick<PipelineStagesService, 'summary'>,
    @inject(PIPELINES_SERVICE) private readonly pipelines: Pick<PipelinesService, 'get'>,
    @inject(READ_CACHE) private readonly cache: ReadCache,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  private cached<T>(key: (string | number | null | undefined)[], load: () => Promise<T>): Promise<T> {
    return this.cache.get(`home:${key.join(':')}`, load);
  }

  /**
   * Now, the viewer's time zone (their notification settings, cached as the sections are), when their day ends, and
   * that day as a cache key.
   */
  private async timeOf(viewer: Viewer): Promise<ViewerTime & { todayEnds: Date; day: string }> {
    const timeZone = await this.cached(
      ['time-zone', viewer.id],
      async () => (await this.goals.timeOf(viewer)).timeZone,
    );
    const now = this.clock.now();
    const todayEnds = nextLocalMidnight(now, timeZone);
    // The local day, told by the instant it ends.
    return { now, timeZone, todayEnds, day: `${timeZone}@${todayEnds.toISOString()}` };
  }

  /**
   * Whose figures: the one asked for (an admin: anyone, 404 when unknown; others: only themselves, 403 for
   * someone else), else the viewer's own, or for an admin the whole team (null).
   */
  private async whose(viewer: Viewer, userId: number | undefined): Promise<number | null> {
    if (userId === undefined) return viewer.role === 'admin' ? null : viewer.id;
    const subject = this.goals.subject(viewer, userId);
    if (subject !== viewer.id) await this.cached(['person', subject], () => this.goals.someone(subject));
    return subject;
  }

  /**
   * Each list is the activities screen's own (its filters, order and rows: what the viewer may read of the person's
   * pending activities), counted as that list counts one (up to 10,000); both in one statement.
   */
  async agenda(viewer: Viewer, userId?: number) {
    const who = await this.whose(viewer, userId);
    const { now, todayEnds, day } = await this.timeOf(viewer);
    const involving = ruleFor(viewer, 'activity', 'read') === 'own' ? viewer.id : undefined;
    return this.cached(['agenda', who, involving, day], () =>
      this.home.agenda({ assignedTo: who, involving, now, todayEnds }, AGENDA_LIMIT),
    );
  }

  async noNextStep(viewer: Viewer, userId?: number) {
    const who = await this.whose(viewer, userId);
    return this.cached(['no-next-step', who], () => this.home.noNextStep(who, NO_NEXT_STEP_LIMIT));
  }

  /**
   * A pipeline's open stages (the board's, unless another is asked for; 404 for none such), with the board's own
   * figures for the owner; and the pipeline's deals closing this month.
   */
  async pipeline(viewer: Viewer, userId?: number, pipeline: string = DEFAULT_PIPELINE) {
    const who = await this.whose(viewer, userId);
    const { now, timeZone } = await this.timeOf(viewer);
    const month = monthOf(now, timeZone);
    if (pipeline !== DEFAULT_PIPELINE)
      await this.cached(['pipeline-exists', pipeline], () => this.pipelines.get(pipeline));
    return this.cached(['pipeline', pipeline, who, month], async () => {
      const [summary, closingThisMonth] = await Promise.all([
        this.stages.summary(pipeline, who === null ? {} : { ownerId: who }),
        this.home.closing(who, pipeline, monthDays(month), CLOSING_LIMIT),
      ]);
      const stages: PipelineStageFigures[] = summary
        .filter((s) => s.kind === 'open')
        .map((s) => ({
          stage: s.stage,
          name: s.stage,
          color: s.color,
          count: s.dealCount,
          value: Number(s.valueSum),
          weighted: Number(s.weightedValueSum),
        }));
      return { pipeline, stages, closingThisMonth };
    });
  }

  async goal(viewer: Viewer, userId?: number) {
    const who = await this.whose(viewer, userId);
    const time = await this.timeOf(viewer);
    return this.cached(['goal', who, time.day], () => this.goals.summary(viewer, who, time));
  }

  async recentContacts(viewer: Viewer, userId?: number) {
    const who = await this.whose(viewer, userId);
    return this.cached(['recent-contacts', who], async () => ({
      items: await this.home.recentContacts(who, RECENT_CONTACTS_LIMIT),
    }));
  }

  /** Admins only: this week's activities done and new leads, stale deals now, and this month's goals. */
  async team(viewer: Viewer) {
    if (viewer.role !== 'admin') throw new ForbiddenError('Only administrators see the team');
    const time = await this.timeOf(viewer);
    return this.cached(['team', time.day], async () => {
      const week = weekWindow(time.now, time.timeZone);
      const [{ activitiesDoneThisWeek, staleDeals, newLeadsThisWeek }, goals] = await Promise.all([
        this.home.team(week, time.now),
        this.goals.team(time),
      ]);
      return { activitiesDoneThisWeek, staleDeals, goals, newLeadsThisWeek };
    });
  }
}
