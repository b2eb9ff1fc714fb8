import { inject, injectable } from 'inversify';
import { ruleFor } from '../crm/crm-access';
import type { Viewer } from '../shared/viewer';
import type { Role } from '../users/user';
import type { SearchResults } from './search';
import type { Hit, SearchRepository } from './search.ports';
import { SEARCH_REPOSITORY } from './search.tokens';

/**
 * The roles that open the templates screen, where a template found opens (its preview). Employees read
 * templates only to use them from a contact, so the palette does not offer them.
 */
export const TEMPLATE_SEARCH_ROLES: readonly Role[] = ['admin', 'developer'];

/**
 * Search from anywhere: contacts, deals, the viewer's activities (as their activities list shows them),
 * notes (read by everyone, as their contacts and deals are) and, for the roles that open them, templates; each kind
 * within the permission table's read rule.
 */
@injectable()
export class SearchService {
  constructor(@inject(SEARCH_REPOSITORY) private readonly search: SearchRepository) {}

  async find(viewer: Viewer, text: string, limit: number): Promise<SearchResults> {
    const query = {
      text: text.trim(),
      limit,
      activitiesOf: ruleFor(viewer, 'activity', 'read') === 'own' ? viewer.id : undefined,
      templates: TEMPLATE_SEARCH_ROLES.includes(viewer.role),
    };
    const [contacts, deals, activities, templates, notes] = await Promise.all([
      this.search.contacts(query),
      this.search.deals(query),
      this.search.activities(query),
      query.templates ? this.search.templates(query) : Promise.resolve([]),
      this.search.notes(query),
    ]);
    return {
      contacts: contacts.map(withoutRank),
      deals: deals.map(withoutRank),
      activities: activities.map(withoutRank),
      templates: templates.map(withoutRank),
      notes,
    };
  }
}

function withoutRank<T>({ rank: _rank, ...hit }: Hit<T>): T {
  return hit as T;
}
