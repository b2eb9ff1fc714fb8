import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router-dom';
import { PageSpinner } from '../components/ui/spinner';
import { canOpen, type AppPath } from '../lib/access';
import { errorMessage } from '../lib/errors';
import { useUser, type User } from '../lib/session';
import { AppLayout } from './layout/app-layout';
import { NoAccessScreen, NotFoundScreen, SessionErrorScreen } from './status-screens';

/** Waits for the session: a spinner while it loads, an error screen when it cannot be read. */
function WithSession({ children }: { children: (user: User | null) => ReactNode }) {
  const { t } = useTranslation();
  const session = useUser();
  if (session.isPending) return <PageSpinner />;
  if (session.isError) return <SessionErrorScreen message={errorMessage(session.error, t)} onRetry={() => void session.refetch()} />;
  return <>{children(session.data)}</>;
}

/** Protected screens: anonymous users go to /auth; signed-in users get the layout. */
export function RequireSession() {
  return (
    <WithSession>
      {(user) =>
        user ? (
          <AppLayout user={user}>
            <Outlet context={user} />
          </AppLayout>
        ) : (
          <Navigate to="/auth" replace />
        )
      }
    </WithSession>
  );
}

/** /auth is for anonymous users; a signed-in user goes to /. */
export function AnonymousOnly({ children }: { children: ReactNode }) {
  return <WithSession>{(user) => (user ? <Navigate to="/" replace /> : children)}</WithSession>;
}

/** The route table's access rule for one screen, checked against the signed-in user's role. */
export function RoleGate({ path, user, children }: { path: AppPath; user: User; children: ReactNode }) {
  return canOpen(user.role, path) ? <>{children}</> : <NoAccessScreen />;
}

/** Unknown paths: the 404 screen, inside the layout when someone is signed in. */
export function NotFoundRoute() {
  return (
    <WithSession>
      {(user) =>
        user ? (
          <AppLayout user={user}>
            <NotFoundScreen />
          </AppLayout>
        ) : (
          <NotFoundScreen />
        )
      }
    </WithSession>
  );
}
