import { Suspense, useEffect, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, useOutletContext } from 'react-router-dom';
import { PageSpinner } from '../components/ui/spinner';
import type { AppPath } from '../lib/access';
import { preloadable, type Preloadable } from '../lib/preloadable';
import { queryClient } from '../lib/query-client';
import type { User } from '../lib/session';
import { AnonymousOnly, NotFoundRoute, RequireSession, RoleGate } from './guards';
import { screenLoaded } from './stale-build';
import { RouteErrorScreen } from './status-screens';

/** A screen in its own chunk: the component renders it, `preload` fetches the chunk ahead of the first render. */
type Page = Preloadable<Record<string, never>>;

// Route-level code splitting: each screen is its own chunk, loaded when first opened, or earlier through
// preloadScreen (one load shared by both; a failed one is tried again by the next call).
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Page {
  return preloadable(() => load().then((module) => module[name]));
}

// With its one piece of data, the demo quick access: it sits inside the centred card, so arriving after the first
// paint it made the card grow and everything on it jump by half its height, under a pointer about to press the
// forgot-password link or the sign-in button (a browser test pressed beside the link so).
const AuthPage = page(
  () =>
    Promise.all([
      import('../features/auth/routes/auth-page'),
      import('../features/auth/api/get-demo-credentials').then(({ getDemoCredentialsQueryOptions }) =>
        queryClient.prefetchQuery(getDemoCredentialsQueryOptions()),
      ),
    ]).then(([module]) => module),
  'AuthPage',
);

const SCREENS: Record<AppPath, Page> = {
  '/': page(() => import('./routes/home-page'), 'HomePage'),
  '/crm/contacts': page(() => import('../features/contacts/routes/contacts-page'), 'ContactsPage'),
  // Numeric ids only (the page shows 404 otherwise); static paths such as /crm/contacts/import rank above it.
  '/crm/contacts/:id': page(() => import('./routes/contact-page'), 'ContactPage'),
  '/crm/contacts/import': page(
    () => import('../features/contact-import/routes/import-contacts-page'),
    'ImportContactsPage',
  ),
  '/crm/contacts/import/:id': page(
    () => import('../features/contact-import/routes/import-contacts-page'),
    'ImportProgressPage',
  ),
  '/crm/companies': page(() => import('../features/companies/routes/companies-page'), 'CompaniesPage'),
  '/crm/companies/import': page(
    () => import('../features/companies/routes/import-companies-page'),
    'ImportCompaniesPage',
  ),
  // Numeric ids only (the page shows 404 otherwise).
  '/crm/companies/:id': page(() => import('./routes/company-page'), 'CompanyPage'),
  '/crm/duplicates': page(() => import('../features/duplicates/routes/duplicates-page'), 'DuplicatesPage'),
  '/crm/pipeline': page(() => import('./routes/pipeline-board-page'), 'PipelineBoardPage'),
  '/crm/activities': page(() => import('../features/activities/routes/activities-page'), 'ActivitiesPage'),
  '/crm/reports': page(() => import('../features/reports/routes/reports-page'), 'ReportsPage'),
  '/crm/reports/new': page(() => import('../features/report-builder/routes/report-builder-page'), 'ReportBuilderPage'),
  '/crm/reports/saved/:id': page(
    () => import('../features/report-builder/routes/report-builder-page'),
    'SavedReportPage',
  ),
  '/crm/templates': page(() => import('../features/templates/routes/templates-page'), 'TemplatesPage'),
  '/settings': page(() => import('../features/settings/routes/settings-page'), 'SettingsPage'),
  '/api-docs': page(() => import('../features/api-docs/routes/api-docs-page'), 'ApiDocsPage'),
  '/profile': page(() => import('../features/profile/routes/profile-page'), 'ProfilePage'),
};

function GatedScreen({ path }: { path: AppPath }) {
  const user = useOutletContext<User>();
  const Screen = SCREENS[path].Component;
  return (
    <RoleGate path={path} user={user}>
      <Screen />
      <ScreenLoaded />
    </RoleGate>
  );
}

/** Beside a lazy screen: committed only once its chunk is in, after which a failed chunk may reload the page again. */
function ScreenLoaded() {
  useEffect(() => screenLoaded(), []);
  return null;
}

const SCREEN_ROUTES = (Object.keys(SCREENS) as AppPath[]).map((path) => ({ path }));

/**
 * Starts fetching the chunk of the screen at `pathname` before the first render, so that it arrives together
 * with the session (and the signed-in frame) rather than after them.
 */
export function preloadScreen(pathname: string): Promise<unknown> {
  const path = matchRoutes(SCREEN_ROUTES, pathname)?.[0]?.route.path;
  const screen = path ? SCREENS[path] : pathname === '/auth' ? AuthPage : undefined;
  return screen ? screen.preload().catch(() => undefined) : Promise.resolve();
}

// Every route has the app's error screen, never the router's developer page: a signed-in screen's inside the
// layout (sidebar and top bar stay), and the root's for the rest (the sign-in screen, the layout itself).
export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorScreen />,
    children: [
      {
        path: '/auth',
        element: (
          <AnonymousOnly>
            <Suspense fallback={<PageSpinner />}>
              <AuthPage.Component />
              <ScreenLoaded />
            </Suspense>
          </AnonymousOnly>
        ),
      },
      {
        element: <RequireSession />,
        children: SCREEN_ROUTES.map(({ path }) => ({
          path,
          element: <GatedScreen path={path} />,
          errorElement: <RouteErrorScreen />,
        })),
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
