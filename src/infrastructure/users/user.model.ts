import { BaseModel } from '../db/base.model';
import type { Role, User, UserWithPassword } from '../../domain/users/user';

export class UserModel extends BaseModel {
  static override tableName = 'users';

  id!: number;
  username!: string;
  password!: string;
  name!: string;
  role!: Role;
  initials!: string;
  lastAccess!: Date | null;
  previousAccess!: Date | null;
  disabledAt!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;

  static override hasUpdatedAt = true;

  toDomain(): User {
    return {
      id: this.id,
      username: this.username,
      name: this.name,
      role: this.role,
      initials: this.initials,
      lastAccess: this.previousAccess,
      disabledAt: this.disabledAt,
      createdAt: this.createdAt,
    };
  }

  toDomainWithPassword(): UserWithPassword {
    return { ...this.toDomain(), passwordHash: this.password };
  }
}

export class SessionModel extends BaseModel {
  static override tableName = 'sessions';

  id!: string;
  tokenHash!: string;
  userId!: number;
  remember!: boolean;
  createdAt!: Date;
  expiresAt!: Date;
  lastSeenAt!: Date;
  revokedAt!: Date | null;
  userAgent!: string | null;
  ip!: string | null;
}
