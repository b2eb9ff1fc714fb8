import type { Request } from 'express';
import { inject, injectable } from 'inversify';
import { AppError } from '../../domain/shared/app-error';
import { publicUser, type Session } from '../../domain/users/user';
import type { AuthService } from '../../domain/users/auth.service';
import type { UsersService } from '../../domain/users/users.service';
import { AUTH_SERVICE, USERS_SERVICE } from '../../domain/users/users.tokens';
import { NO_CONTENT } from '../response.schemas';
import { currentAuth, currentSession, defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import { clearSessionCookie, setSessionCookie } from '../session';
import {
  changePasswordSchemas,
  loginSchemas,
  registerSchemas,
  sessionIdSchemas,
  updateProfileSchemas,
  userResponses,
} from './users.schemas';

/** Where a request came from: req.ip follows TRUST_PROXY, as everywhere in the app. */
export const client = (req: Request) => ({ ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null });

const sessionView = (session: Session, currentId: string) => ({
  id: session.id,
  createdAt: session.createdAt,
  lastSeenAt: session.lastSeenAt,
  expiresAt: session.expiresAt,
  userAgent: session.userAgent,
  ip: session.ip,
  remember: session.remember,
  current: session.id === currentId,
});

@injectable()
export class UsersRouter implements HttpRouter {
  constructor(
    @inject(AUTH_SERVICE) private readonly auth: AuthService,
    @inject(USERS_SERVICE) private readonly users: UsersService,
  ) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: '/api/user',
        access: 'public',
        tag: 'auth',
        summary: 'The signed-in user (401 when nobody is signed in)',
        response: userResponses.user,
        errors: ['AUTH.UNAUTHENTICATED'],
        handler: (_input, req) => {
          if (!req.auth) throw new AppError('AUTH.UNAUTHENTICATED', 'Nobody is signed in');
          return publicUser(req.auth.user);
        },
      }),
      defineRoute({
        method: 'post',
        path: '/api/login',
        access: 'public',
        tag: 'auth',
        summary: 'Sign in; starts a new session',
        response: userResponses.user,
        schemas: loginSchemas,
        errors: ['AUTH.INVALID_CREDENTIALS', 'AUTH.TOO_MANY_ATTEMPTS', 'AUTH.ACCOUNT_DISABLED', 'SERVICE.UNAVAILABLE'],
        handler: async ({ body }, req) => {
          const signedIn = await this.auth.login(body.username, body.password, body.remember, client(req));
          // Signing in again replaces the session this browser had, only once the new one exists.
          if (req.auth?.session) await this.auth.logout(req.auth.session.id);
          setSessionCookie(req, signedIn.token, body.remember);
          return publicUser(signedIn.user);
        },
      }),
      defineRoute({
        method: 'post',
        path: '/api/register',
        access: 'public',
        tag: 'auth',
        summary: 'Create an account and sign in (employee, except the very first account)',
        response: userResponses.user,
        schemas: registerSchemas,
        status: 201,
        errors: ['USER.USERNAME_TAKEN', 'AUTH.ROLE_NOT_ALLOWED', 'AUTH.TOO_MANY_ATTEMPTS', 'SERVICE.UNAVAILABLE'],
        handler: async ({ body }, req) => {
          const signedIn = await this.auth.register(body, client(req));
          if (req.auth?.session) await this.auth.logout(req.auth.session.id);
          setSessionCookie(req, signedIn.token, false);
          return publicUser(signedIn.user);
        },
      }),
      defineRoute({
        method: 'post',
        path: '/api/logout',
        access: 'public',
        tag: 'auth',
        summary: 'End the current session',
        response: userResponses.loggedOut,
        handler: async (_input, req) => {
          if (req.auth?.session) await this.auth.logout(req.auth.session.id);
          clearSessionCookie(req);
          return { ok: true };
        },
      }),
      defineRoute({
        method: 'patch',
        path: '/api/user',
        access: 'signed-in',
        tag: 'profile',
        summary: 'Change your own name or initials (send updatedAt to be told of concurrent changes)',
        response: userResponses.user,
        schemas: updateProfileSchemas,
        errors: ['RESOURCE.CONFLICT'],
        handler: async ({ body: { updatedAt, ...changes } }, req) =>
          publicUser(await this.users.updateProfile(currentAuth(req).user.id, changes, updatedAt)),
      }),
      defineRoute({
        method: 'post',
        path: '/api/user/password',
        access: 'signed-in',
        tag: 'profile',
        summary: 'Change your password (also a temporary one, which must be replaced); every other session ends',
        response: userResponses.passwordChanged,
        schemas: changePasswordSchemas,
        whilePasswordChangeRequired: true,
        errors: ['AUTH.WRONG_PASSWORD', 'AUTH.PASSWORD_UNCHANGED'],
        handler: async ({ body }, req) => {
          const { user, session } = currentSession(req);
          const endedSessions = await this.users.changePassword(
            user.id,
            session.id,
            body.currentPassword,
            body.newPassword,
            client(req),
          );
          return { ok: true, endedSessions };
        },
      }),
      defineRoute({
        method: 'get',
        path: '/api/user/sessions',
        access: 'signed-in',
        tag: 'profile',
        summary: 'Your active sessions',
        response: userResponses.sessions,
        handler: async (_input, req) => {
          const { user, session } = currentSession(req);
          return { items: (await this.users.listSessions(user.id)).map((s) => sessionView(s, session.id)) };
        },
      }),
      defineRoute({
        method: 'delete',
        path: '/api/user/sessions/:id',
        access: 'signed-in',
        tag: 'profile',
        summary: 'End one of your sessions',
        response: NO_CONTENT,
        schemas: sessionIdSchemas,
        errors: ['SESSION.NOT_FOUND'],
        handler: async ({ params }, req) => {
          const { user, session } = currentSession(req);
          await this.users.endSession(user.id, params.id);
          if (params.id === session.id) clearSessionCookie(req);
        },
      }),
    ];
  }
}
