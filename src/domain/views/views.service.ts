import { inject, injectable } from 'inversify';
import { ValidationError } from '../shared/app-error';
import type { Page, PageRequest } from '../shared/list-page';
import { UNIT_OF_WORK } from '../shared/shared.tokens';
import type { UnitOfWork } from '../shared/unit-of-work.port';
import type { Viewer } from '../shared/viewer';
import {
  canEditView,
  VIEW_LAYOUTS,
  VIEWS_PER_LIST_MAX,
  type SavedView,
  type SavedViewFields,
  type SavedViewForViewer,
  type ViewEntity,
  type ViewWarning,
} from './saved-view';
import {
  SavedViewLimitError,
  SavedViewNameTakenError,
  SavedViewNotFoundError,
  SavedViewReadOnlyError,
} from './views.errors';
import type { SavedViewRepository, ViewCheck } from './views.ports';
import { SAVED_VIEW_REPOSITORY, VIEW_CHECK } from './views.tokens';

export type SavedViewChanges = Partial<Omit<SavedViewFields, 'entity'>>;

/**
 * Saved views of the lists: a person's own, or shared with the team (everyone uses them; the author and admins change
 * them), and the one each person opens a list with. A view is checked when saved (a 400 naming what is wrong) and
 * again whenever it is read: what went stale since (a retired field, a filter the list lost) comes back as warnings,
 * never an error, so a view always opens.
 */
@injectable()
export class ViewsService {
  constructor(
    @inject(SAVED_VIEW_REPOSITORY) private readonly views: SavedViewRepository,
    @inject(VIEW_CHECK) private readonly check: ViewCheck,
    @inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
  ) {}

  async list(viewer: Viewer, entity: ViewEntity | undefined, page: PageRequest): Promise<Page<SavedViewForViewer>> {
    const [found, defaults] = await Promise.all([
      this.views.listVisible(viewer.id, entity, page),
      this.views.defaultsOf(viewer.id),
    ]);
    const warnings = await this.check.problemsOfEach(found.items);
    const items = found.items.map((view, i) =>
      this.forViewer(viewer, view, { warnings: warnings[i]!, isDefault: defaults.get(view.entity) === view.id }),
    );
    return { ...found, items: await Promise.all(items) };
  }

  async get(viewer: Viewer, id: number): Promise<SavedViewForViewer> {
    return this.forViewer(viewer, await this.visible(viewer, id));
  }

  async create(viewer: Viewer, fields: SavedViewFields): Promise<SavedViewForViewer> {
    // Everything is sent: nothing is left to warn about; a new view is nobody's default yet.
    const warnings = await this.refuseProblems(fields);
    const view = await this.uow.run(async () => {
      if ((await this.views.countOwn(viewer.id, fields.entity)) >= VIEWS_PER_LIST_MAX)
        throw new SavedViewLimitError(VIEWS_PER_LIST_MAX);
      if (await this.views.nameTaken(viewer.id, fields.entity, fields.name)) throw new SavedViewNameTakenError();
      return this.views.create(viewer.id, fields);
    });
    return this.forViewer(viewer, view, { warnings, isDefault: false });
  }

  async update(viewer: Viewer, id: number, changes: SavedViewChanges): Promise<SavedViewForViewer> {
    let warnings: ViewWarning[] = [];
    const view = await this.uow.run(async () => {
      const current = await this.visible(viewer, id, { forUpdate: true });
      if (!canEditView(viewer, current)) throw new SavedViewReadOnlyError();
      warnings = await this.refuseProblems({ ...current, ...changes }, changes);
      if (
        changes.name !== undefined &&
        (await this.views.nameTaken(current.authorId, current.entity, changes.name, id))
      )
        throw new SavedViewNameTakenError();
      // No longer shared: it leaves the others' lists, and with it their default.
      if (current.shared && changes.shared === false) await this.views.clearOthersDefaults(id, current.authorId);
      return this.views.update(id, changes);
    });
    return this.forViewer(viewer, view, { warnings });
  }

  async delete(viewer: Viewer, id: number): Promise<void> {
    await this.uow.run(async () => {
      const view = await this.visible(viewer, id, { forUpdate: true });
      if (!canEditView(viewer, view)) throw new SavedViewReadOnlyError();
      await this.views.delete(id);
    });
  }

  /** The view the person opens its list with (one per list: it replaces the list's previous default). */
  async setDefault(viewer: Viewer, id: number): Promise<SavedViewForViewer> {
    const view = await this.visible(viewer, id);
    await this.views.setDefault(viewer.id, view.entity, id);
    return this.forViewer(viewer, view, { isDefault: true });
  }

  /** The list opens with no view again (when this view was its default). */
  async clearDefault(viewer: Viewer, id: number): Promise<SavedViewForViewer> {
    const view = await this.visible(viewer, id);
    await this.views.clearDefault(viewer.id, id);
    return this.forViewer(viewer, view, { isDefault: false });
  }

  /**
   * A new or changed view must be whole: what it names is checked as the list checks its query. A change is refused
   * only for what it sends; a stale part it leaves alone stays a warning (the view can still be renamed or shared).
   * Answers those warnings: the view's problems once saved.
   */
  private async refuseProblems(
    view: Pick<SavedViewFields, 'entity' | 'filters' | 'sort' | 'columns' | 'layout'>,
    sent?: SavedViewChanges,
  ): Promise<ViewWarning[]> {
    const layouts = VIEW_LAYOUTS[view.entity];
    const problems = [
      ...(layouts.includes(view.layout) ? [] : [{ path: 'layout', message: `layout must be ${layouts.join(' or ')}` }]),
      ...(await this.check.problems(view)),
    ];
    const isSent = ({ path }: ViewWarning) => !sent || (path.split('.')[0]! as keyof SavedViewChanges) in sent;
    const refused = problems.filter(isSent);
    if (refused.length > 0) throw new ValidationError(refused, 'The view names what the list does not have');
    return problems;
  }

  private async visible(viewer: Viewer, id: number, options: { forUpdate?: boolean } = {}): Promise<SavedView> {
    const view = await this.views.findById(id, options);
    if (!view || (!view.shared && view.authorId !== viewer.id)) throw new SavedViewNotFoundError();
    return view;
  }

  /** A view as `viewer` sees it; what the caller already knows (its warnings, whether it is the default) is not read. */
  private async forViewer(
    viewer: Viewer,
    view: SavedView,
    known: { warnings?: ViewWarning[]; isDefault?: boolean } = {},
  ): Promise<SavedViewForViewer> {
    const [warnings, isDefault] = await Promise.all([
      known.warnings ?? this.check.problems(view),
      known.isDefault ?? this.views.defaultsOf(viewer.id).then((defaults) => defaults.get(view.entity) === view.id),
    ]);
    return { ...view, canEdit: canEditView(viewer, view), isDefault, warnings };
  }
}
