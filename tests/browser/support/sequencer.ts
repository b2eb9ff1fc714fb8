import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files first, so that the two workers finish together. Vitest's own order (the last run's durations,
 * else the largest file first) puts the screens matrix, a short file that runs longest, last on a fresh clone:
 * one worker then runs it alone for minutes.
 */
const LONGEST_FIRST = [
  'contact-import',
  'screens',
  'pipeline',
  'contacts',
  'companies',
  'notifications',
  'settings-users',
  'contacts-bulk',
  'activities',
  'reports',
];

/**
 * In `npm test` the browser suite runs one file at a time beside the server suites, which end well before it; these
 * files then run in a second lane beside the first (BROWSER_LANE=second; the first lane, BROWSER_LANE=first, leaves
 * them out), so that both lanes end about together: in CI at d6b637f (fresh clone) the first lane took 789 s and
 * the second 374 s after the server suites' 500 s, so settings-users (72 s) moved to the first lane.
 * duplicates.test.ts stays here: it reads the duplicate groups of the whole database, and on the first lane's
 * server, after every other file's contacts, its groups were not on the list's first screen (a fresh-clone run in
 * which it ran first-lane failed 4 of 4). In a fresh-clone run at 6e36d7f the first lane (with the checks and the
 * build) took 909 s and the second 1,118 s after the server suites' 740 s, so auth, api-docs and discard-changes
 * (98 s together) moved to the first lane.
 */
export const SECOND_LANE = [
  'companies-import',
  'notifications',
  'profile',
  'templates',
  'guards',
  'dashboard',
  'stale-build',
  'search-palette',
  'preferences',
  'duplicates',
  'deal-people',
  'privacy',
].map((name) => `tests/browser/${name}.test.ts`);

const rank = (file: TestSpecification): number => {
  const index = LONGEST_FIRST.indexOf(path.basename(file.moduleId, '.test.ts'));
  return index === -1 ? LONGEST_FIRST.length : index;
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // A stable sort: the other files keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
