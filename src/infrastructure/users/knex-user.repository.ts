import { injectable } from 'inversify';
import type { NewUser, User, UserWithPassword } from '../../domain/users/user';
import type { Page, UserRepository } from '../../domain/users/users.ports';
import { UserModel } from './user.model';

@injectable()
export class KnexUserRepository implements UserRepository {
  async findById(id: number): Promise<User | null> {
    const row = await UserModel.query().findById(id);
    return row ? row.toDomain() : null;
  }

  async findByUsername(username: string): Promise<UserWithPassword | null> {
    const row = await UserModel.query().whereRaw('lower(username) = lower(?)', [username]).first();
    return row ? row.toDomainWithPassword() : null;
  }

  async findWithPassword(id: number): Promise<UserWithPassword | null> {
    const row = await UserModel.query().findById(id);
    return row ? row.toDomainWithPassword() : null;
  }

  async create(user: NewUser, options: { onlyIfEmpty?: boolean } = {}): Promise<User | null> {
    // last_access starts empty: a new account has never signed in.
    const values = { username: user.username, password: user.passwordHash, name: user.name, role: user.role, initials: user.initials, lastAccess: null };
    if (!options.onlyIfEmpty) return (await UserModel.query().insert(values)).toDomain();
    // The lock makes "is this the first account?" and the insert one step, even with concurrent sign-ups.
    return UserModel.transaction(async (trx) => {
      await trx.raw('LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE');
      const existing = await UserModel.query(trx).select('id').first();
      if (existing) return null;
      return (await UserModel.query(trx).insert(values)).toDomain();
    });
  }

  async recordSignIn(id: number, at: Date): Promise<User> {
    const row = await UserModel.query()
      .patch({ previousAccess: UserModel.raw('last_access'), lastAccess: at } as never)
      .where({ id })
      .returning('*')
      .first();
    return (row as unknown as UserModel).toDomain();
  }

  async update(id: number, changes: Partial<Pick<User, 'name' | 'initials' | 'role' | 'disabledAt'>> & { passwordHash?: string }): Promise<User | null> {
    const { passwordHash, ...rest } = changes;
    const patch = { ...rest, ...(passwordHash !== undefined && { password: passwordHash }) };
    const row = await UserModel.query().patchAndFetchById(id, patch);
    return row ? row.toDomain() : null;
  }

  async count(): Promise<number> {
    const row = (await UserModel.query().count('* as count').first()) as unknown as { count: number | string };
    return Number(row.count);
  }

  async countActiveAdmins(): Promise<number> {
    const row = (await UserModel.query().where({ role: 'admin' }).whereNull('disabledAt').count('* as count').first()) as unknown as {
      count: number | string;
    };
    return Number(row.count);
  }

  async countWeakPasswordHashes(): Promise<number> {
    const row = (await UserModel.query().whereNot('password', 'like', '$argon2id$%').count('* as count').first()) as unknown as {
      count: number | string;
    };
    return Number(row.count);
  }

  async list({ limit, cursor }: { limit: number; cursor?: number }): Promise<Page<User>> {
    const rows = await UserModel.query()
      .modify((q) => cursor !== undefined && q.where('id', '>', cursor))
      .orderBy('id')
      .limit(limit + 1);
    const items = rows.slice(0, limit).map((r) => r.toDomain());
    return { items, nextCursor: rows.length > limit ? String(items[items.length - 1].id) : null };
  }
}
