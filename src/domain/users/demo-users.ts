import type { Role } from './user';
import { canonicalUsername } from './username';
import type { PasswordHasher, UserRepository } from './users.ports';

/** Demo mode's three accounts; their credentials are shown on the sign-in screen only in demo mode. */
export const DEMO_USERS: ReadonlyArray<{
  role: Role;
  username: string;
  password: string;
  name: string;
  initials: string;
}> = [
  { role: 'admin', username: 'admin', password: 'admin1234', name: 'Ana Administradora', initials: 'AA' },
  { role: 'developer', username: 'developer', password: 'developer1234', name: 'Diego Desenvolvedor', initials: 'DD' },
  { role: 'employee', username: 'employee', password: 'employee1234', name: 'Fernanda Vendas', initials: 'FV' },
];

/** Creates the demo accounts that do not exist yet; running it again changes nothing. */
export async function seedDemoUsers(users: UserRepository, hasher: PasswordHasher): Promise<number> {
  let created = 0;
  for (const demo of DEMO_USERS) {
    if (await users.findByUsername(canonicalUsername(demo.username))) continue;
    try {
      await users.create({
        username: demo.username,
        passwordHash: await hasher.hash(demo.password),
        name: demo.name,
        role: demo.role,
        initials: demo.initials,
      });
      created += 1;
    } catch (error) {
      // Another instance starting at the same time created it first.
      if (!(await users.findByUsername(canonicalUsername(demo.username)))) throw error;
    }
  }
  return created;
}
