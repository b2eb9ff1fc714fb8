import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router-dom';
import { PageSpinner } from '../components/ui/spinner';
import { toast } from '../components/ui/use-toast';
import { canOpen, type AppPath } from '../lib/access';
import { ApiError } from '../lib/api-client';
import { errorMessage } from '../lib/errors';
import { preloadOtherLanguage, whenAllTexts } from '../lib/i18n';
import { whenIdle } from '../lib/idle';
import { preloadable } from '../lib/preloadable';
import { setSignedInUser, USER_QUERY_KEY, useUser, type User } from '../lib/session';
import { NoAccessScreen, NotFoundScreen, SessionErrorScreen } from './status-screens';

/** Waits for the session: a spinner while it loads, an error screen when it cannot be read. */
function WithSession({ children }: { children: (user: User | null) => ReactNode }) {
  const { t } = useTranslation();
  const session = useUser();
  if (session.isPending) return <PageSpinner />;
  if (session.isError)
    return <SessionErrorScreen message={errorMessage(session.error, t)} onRetry={() => void session.refetch()} />;
  return <>{children(session.data)}</>;
}

// The signed-in frame (search palette, menus, notifications) is its own chunk: the sign-in screen does not
// need it, nor the texts of the signed-in screens, which it waits for. A signed-in screen's address fetches
// both before the first render (preloadSignedInFrame, src/ui/main.tsx), beside the session and the screen's
// chunk; an anonymous visitor fetches them once the page is idle, so signing in does not wait for them.
const appLayout = preloadable(() =>
  Promise.all([import('./layout/app-layout'), whenAllTexts()]).then(([module]) => module.AppLayout),
);

export function preloadSignedInFrame(): Promise<unknown> {
  return appLayout.preload().catch(() => undefined);
}

/** Once the frame is shown: the other language, so that a switch is instant. */
function PreloadOtherLanguage() {
  useEffect(() => preloadOtherLanguage(), []);
  return null;
}

function AppLayout({ user, children }: { user: User; children: ReactNode }) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <appLayout.Component user={user}>{children}</appLayout.Component>
      <PreloadOtherLanguage />
    </Suspense>
  );
}

function usePreloadAppLayout() {
  useEffect(() => {
    const stopFrame = whenIdle(preloadSignedInFrame);
    const stopLanguage = preloadOtherLanguage();
    return () => {
      stopFrame();
      stopLanguage();
    };
  }, []);
}

const PasswordChangeScreen = lazy(() =>
  Promise.all([import('../features/password-change/routes/password-change-screen'), whenAllTexts()]).then(
    ([module]) => ({
      default: module.PasswordChangeScreen,
    }),
  ),
);

/**
 * The server ends sessions (logout elsewhere, a disabled account, an administrator ending them) and asks for
 * a new password: any call answered 401 sends this page to /auth, and 403 AUTH.PASSWORD_CHANGE_REQUIRED
 * reads the user again, which brings up the password change.
 */
function useServerSessionEnd() {
  const { t } = useTranslation();
  const client = useQueryClient();
  useEffect(() => {
    const onError = (error: unknown) => {
      if (!(error instanceof ApiError)) return;
      if (error.status === 401 && client.getQueryData(USER_QUERY_KEY)) {
        setSignedInUser(null);
        toast({ variant: 'destructive', title: errorMessage(error, t) });
      } else if (error.server?.code === 'AUTH.PASSWORD_CHANGE_REQUIRED') {
        void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
      }
    };
    const stopQueries = client
      .getQueryCache()
      .subscribe((event) => event.type === 'updated' && event.action.type === 'error' && onError(event.action.error));
    const stopMutations = client
      .getMutationCache()
      .subscribe((event) => event.type === 'updated' && event.action.type === 'error' && onError(event.action.error));
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [client, t]);
}

/**
 * Protected screens: anonymous users go to /auth; a user with a temporary password gets only the password
 * change; signed-in users get the layout.
 */
export function RequireSession() {
  useServerSessionEnd();
  return (
    <WithSession>
      {(user) =>
        !user ? (
          <Navigate to="/auth" replace />
        ) : user.mustChangePassword ? (
          <Suspense fallback={<PageSpinner />}>
            <PasswordChangeScreen user={user} />
          </Suspense>
        ) : (
          <AppLayout user={user}>
            <Outlet context={user} />
          </AppLayout>
        )
      }
    </WithSession>
  );
}

/** /auth is for anonymous users; a signed-in user goes to /. */
export function AnonymousOnly({ children }: { children: ReactNode }) {
  usePreloadAppLayout();
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
