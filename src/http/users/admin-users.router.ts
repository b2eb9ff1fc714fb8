import { inject, injectable } from 'inversify';
import { publicUser } from '../../domain/users/user';
import type { SecurityLog } from '../../domain/users/security-log.service';
import type { Actor, UsersService } from '../../domain/users/users.service';
import { SECURITY_LOG, USERS_SERVICE } from '../../domain/users/users.tokens';
import { currentAuth, defineRoute, type HttpRouter, type RouteDefinition } from '../route';
import type { Request } from 'express';
import {
  adminUpdateUserSchemas,
  createUserSchemas,
  listUsersSchemas,
  securityLogSchemas,
  userIdSchemas,
  userResponses,
} from './users.schemas';
import { client } from './users.router';

const actor = (req: Request): Actor => ({ userId: currentAuth(req).user.id, client: client(req) });

/** The administrators' side of accounts: the team's users and the security log. */
@injectable()
export class AdminUsersRouter implements HttpRouter {
  constructor(
    @inject(USERS_SERVICE) private readonly users: UsersService,
    @inject(SECURITY_LOG) private readonly securityLog: SecurityLog,
  ) {}

  routes(): RouteDefinition[] {
    return [
      defineRoute({
        method: 'get',
        path: '/api/admin/users',
        access: ['admin'],
        tag: 'admin',
        summary: 'All users, by id, with their open sessions and latest activity',
        response: userResponses.users,
        schemas: listUsersSchemas,
        handler: async ({ query }) => {
          const page = await this.users.listOverview(query);
          return {
            items: page.items.map((user) => ({
              ...publicUser(user),
              openSessions: user.openSessions,
              lastActiveAt: user.lastActiveAt,
            })),
            nextCursor: page.nextCursor,
          };
        },
      }),
      defineRoute({
        method: 'post',
        path: '/api/admin/users',
        access: ['admin'],
        tag: 'admin',
        summary: 'Create a user with a temporary password, to be replaced at the first sign-in',
        response: userResponses.user,
        schemas: createUserSchemas,
        status: 201,
        errors: ['USER.USERNAME_TAKEN'],
        handler: async ({ body }, req) => publicUser(await this.users.create(body, actor(req))),
      }),
      defineRoute({
        method: 'patch',
        path: '/api/admin/users/:id',
        access: ['admin'],
        tag: 'admin',
        summary: "Change a user's role, or disable (ends its sessions) or enable the account",
        response: userResponses.user,
        schemas: adminUpdateUserSchemas,
        errors: ['USER.NOT_FOUND', 'USER.LAST_ADMIN'],
        handler: async ({ params, body }, req) => publicUser(await this.users.adminUpdate(params.id, body, actor(req))),
      }),
      defineRoute({
        method: 'post',
        path: '/api/admin/users/:id/password-reset',
        access: ['admin'],
        tag: 'admin',
        summary:
          'Give a user a new temporary password (shown once); their sessions end and they must change it at the next sign-in',
        response: userResponses.passwordReset,
        schemas: userIdSchemas,
        errors: ['USER.NOT_FOUND'],
        handler: async ({ params }, req) => this.users.resetPassword(params.id, actor(req)),
      }),
      defineRoute({
        method: 'delete',
        path: '/api/admin/users/:id/sessions',
        access: ['admin'],
        tag: 'admin',
        summary: "End all of a user's sessions",
        response: userResponses.sessionsEnded,
        schemas: userIdSchemas,
        errors: ['USER.NOT_FOUND'],
        handler: async ({ params }, req) => ({ endedSessions: await this.users.endAllSessions(params.id, actor(req)) }),
      }),
      defineRoute({
        method: 'get',
        path: '/api/admin/security-events',
        access: ['admin'],
        tag: 'admin',
        summary:
          'The security log, newest first: sign-ins, failures, throttling, and changes to accounts (kept 180 days)',
        response: userResponses.securityEvents,
        schemas: securityLogSchemas,
        handler: async ({ query: { userId, type, ...page } }) => this.securityLog.list({ userId, type }, page),
      }),
    ];
  }
}
