import { inject, injectable } from 'inversify';
import type { Page, PageRequest } from '../../domain/shared/list-page';
import { UNIT_OF_WORK } from '../../domain/shared/shared.tokens';
import type { NewUser, User, UserOverview, UserWithPassword } from '../../domain/users/user';
import type { CanonicalUsername } from '../../domain/users/username';
import type { UserRepository } from '../../domain/users/users.ports';
import { keysetPage } from '../db/keyset-page';
import type { KnexUnitOfWork } from '../db/knex-unit-of-work';
import { UserModel, toUser, toUserOverview, toUserWithPassword } from './user.model';

@injectable()
export class KnexUserRepository implements UserRepository {
  constructor(@inject(UNIT_OF_WORK) private readonly uow: KnexUnitOfWork) {}

  private query() {
    return UserModel.query(this.uow.db);
  }

  async findById(id: number): Promise<User | null> {
    const row = await this.query().findById(id);
    return row ? toUser(row) : null;
  }

  /** Stored usernames are ASCII, so lower(username), which the unique index holds, is their canonical form. */
  async findByUsername(username: CanonicalUsername): Promise<UserWithPassword | null> {
    const row = await this.query().whereRaw('lower(username) = ?', [username]).first();
    return row ? toUserWithPassword(row) : null;
  }

  async findWithPassword(id: number): Promise<UserWithPassword | null> {
    const row = await this.query().findById(id);
    return row ? toUserWithPassword(row) : null;
  }

  async create(user: NewUser, options: { onlyIfEmpty?: boolean } = {}): Promise<User | null> {
    // last_access starts empty: a new account has never signed in.
    const values = {
      username: user.username,
      password: user.passwordHash,
      name: user.name,
      role: user.role,
      initials: user.initials,
      lastAccess: null,
      mustChangePassword: user.mustChangePassword ?? false,
    };
    const insert = async () => toUser(await this.query().insert(values).returning('*'));
    if (!options.onlyIfEmpty) return insert();
    // The lock makes "is this the first account?" and the insert one step, even with concurrent sign-ups.
    return this.uow.run(async () => {
      await this.uow.db.raw('LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE');
      return (await this.query().select('id').first()) ? null : insert();
    });
  }

  /** A sign-in is no change of what the account shows: a plain update, which keeps `updatedAt`. */
  async recordSignIn(id: number, at: Date): Promise<User> {
    const [row] = await this.uow
      .db('users')
      .where({ id })
      .update({ previousAccess: this.uow.db.raw('last_access'), lastAccess: at })
      .returning('*');
    return toUser(row);
  }

  async update(
    id: number,
    changes: Partial<Pick<User, 'name' | 'initials' | 'role' | 'disabledAt' | 'mustChangePassword'>> & {
      passwordHash?: string;
    },
    expectedUpdatedAt?: Date,
  ): Promise<User | null> {
    const { passwordHash, ...shown } = changes;
    const values = { ...shown, ...(passwordHash !== undefined && { password: passwordHash }) };
    // Only what the account shows moves its version (the model's update hook); a password alone does not.
    // The client's version has milliseconds, the column microseconds (every change moves it by 1 ms or more).
    const { db } = this.uow;
    const version = expectedUpdatedAt
      ? db.raw("date_trunc('milliseconds', updated_at) = ?", [expectedUpdatedAt])
      : db.raw('true');
    const [row] =
      Object.keys(shown).length > 0
        ? await this.query().patch(values).where({ id }).where(version).returning('*')
        : await db('users').update(values).where({ id }).where(version).returning('*');
    return row ? toUser(row) : null;
  }

  count(): Promise<number> {
    return this.query().resultSize();
  }

  async countActiveAdmins(options: { lock?: boolean } = {}): Promise<number> {
    const active = this.query().where({ role: 'admin' }).whereNull('disabledAt');
    // FOR UPDATE cannot go with count(): lock the rows and count them here.
    return options.lock ? (await active.select('id').forUpdate()).length : active.resultSize();
  }

  countWeakPasswordHashes(): Promise<number> {
    return this.query().whereNot('password', 'like', '$argon2id$%').resultSize();
  }

  list(page: PageRequest): Promise<Page<User>> {
    return keysetPage(this.query(), page, toUser, { columns: ['users.id'], direction: 'asc' });
  }

  listOverview(page: PageRequest, now: Date): Promise<Page<UserOverview>> {
    const { db } = this.uow;
    // Per row, two look-ups on the sessions index by user: at most a page of users at a time.
    const query = this.query().select(
      'users.*',
      db.raw(
        '(select count(*) from sessions s where s.user_id = users.id and s.revoked_at is null and s.expires_at > ?)::int as open_sessions',
        [now],
      ),
      db.raw(
        'greatest(users.last_access, (select max(s.last_seen_at) from sessions s where s.user_id = users.id)) as last_active_at',
      ),
    );
    return keysetPage(query, page, toUserOverview, { columns: ['users.id'], direction: 'asc' });
  }
}
