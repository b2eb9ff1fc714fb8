import { inject, injectable } from 'inversify';
import { ruleFor } from '../crm/crm-access';
import { DEFAULT_PIPELINE } from '../deals/deal';
import { PIPELINE_STAGES_SERVICE } from '../deals/deals.tokens';
import type { PipelineStagesService } from '../deals/pipeline-stages.service';
import { monthDays, monthOf, weekWindow } from '../goals/calendar';
import type { GoalsService } from '../goals/goals.service';
import { GOALS_SERVICE } from '../goals/goals.tokens';
import { nextLocalMidnight } from '../notifications/digest-message';
import { ForbiddenError } from '../shared/app-error';
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
 */
@injectable()
export class HomeService {
  constructor(
    @inject(HOME_REPOSITORY) private readonly home: HomeRepository,
    @inject(GOALS_SERVICE) private readonly goals: GoalsService,
    @inject(PIPELINE_STAGES_SERVICE) private readonly stages: Pick<PipelineStagesService, 'summary'>,
  ) {}

  /**
   * Whose figures: the one asked for (an admin: anyone, 404 when unknown; others: only themselves, 403 for
   * someone else), else the viewer's own, or for an admin the whole team (null).
   */
  private async whose(viewer: Viewer, userId: number | undefined): Promise<number | null> {
    if (userId === undefined) return viewer.role === 'admin' ? null : viewer.id;
    const subject = this.goals.subject(viewer, userId);
    if (subject !== viewer.id) await this.goals.someone(subject);
    return subject;
  }

  /**
   * Each list is the activities screen's own (its filters, order and rows: what the viewer may read of the person's
   * pending activities), counted as that list counts one (up to 10,000); both in one statement.
   */
  async agenda(viewer: Viewer, userId?: number) {
    const who = await this.whose(viewer, userId);
    const { now, timeZone } = await this.goals.timeOf(viewer);
    const involving = ruleFor(viewer, 'activity', 'read') === 'own' ? viewer.id : undefined;
    return this.home.agenda(
      { assignedTo: who, involving, now, todayEnds: nextLocalMidnight(now, timeZone) },
      AGENDA_LIMIT,
    );
  }

  async noNextStep(viewer: Viewer, userId?: number) {
    return this.home.noNextStep(await this.whose(viewer, userId), NO_NEXT_STEP_LIMIT);
  }

  /** Open stages of the board's pipeline, with the board's own figures for the owner; and this month's closings. */
  async pipeline(viewer: Viewer, userId?: number) {
    const who = await this.whose(viewer, userId);
    const { now, timeZone } = await this.goals.timeOf(viewer);
    const [summary, closingThisMonth] = await Promise.all([
      this.stages.summary(DEFAULT_PIPELINE, who === null ? {} : { ownerId: who }),
      this.home.closing(who, monthDays(monthOf(now, timeZone)), CLOSING_LIMIT),
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
    return { stages, closingThisMonth };
  }

  async goal(viewer: Viewer, userId?: number) {
    const who = await this.whose(viewer, userId);
    return this.goals.summary(viewer, who, await this.goals.timeOf(viewer));
  }

  async recentContacts(viewer: Viewer, userId?: number) {
    return { items: await this.home.recentContacts(await this.whose(viewer, userId), RECENT_CONTACTS_LIMIT) };
  }

  /** Admins only: this week's activities done and new leads, stale deals now, and this month's goals. */
  async team(viewer: Viewer) {
    if (viewer.role !== 'admin') throw new ForbiddenError('Only administrators see the team');
    const time = await this.goals.timeOf(viewer);
    const week = weekWindow(time.now, time.timeZone);
    const [{ activitiesDoneThisWeek, staleDeals, newLeadsThisWeek }, goals] = await Promise.all([
      this.home.team(week, time.now),
      this.goals.team(time),
    ]);
    return { activitiesDoneThisWeek, staleDeals, goals, newLeadsThisWeek };
  }
}
