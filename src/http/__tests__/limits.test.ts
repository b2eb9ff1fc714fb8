import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_TOTAL_CAP, TOTAL_CAP } from '../../domain/shared/list-page';
import { createCrmUsers, type CrmUsers } from '../crm/__tests__/crm-test-kit';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';

// Issue 14: one user, one slow statement or a full pool never makes the app unresponsive for the others,
// and a total never costs a full scan per keystroke. Each block starts its own server with small limits.

describe('a statement past the statement timeout', () => {
  let server: TestServer;
  let users: CrmUsers;
  beforeAll(async () => {
    server = await startTestServer({ limits: { statementTimeoutMs: 400 } });
    users = await createCrmUsers(server);
    const knex = server.runtime.db.knex;
    // A contact named "slow statement" makes its insert outlast the timeout. PGlite ignores statement_timeout,
    // so there the trigger raises what PostgreSQL raises when it cancels one (57014, query_canceled).
    const body = server.runtime.db.embedded
      ? `RAISE EXCEPTION 'canceling statement due to statement timeout' USING ERRCODE = 'query_canceled';`
      : `PERFORM pg_sleep(3);`;
    await knex.raw(`CREATE FUNCTION limits_test_slow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF NEW.name = 'slow statement' THEN ${body} END IF; RETURN NEW; END $$`);
    await knex.raw(
      `CREATE TRIGGER limits_test_slow BEFORE INSERT ON contacts FOR EACH ROW EXECUTE FUNCTION limits_test_slow()`,
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 503 SERVICE.TIMEOUT with Retry-After, not 500, and changes nothing', async () => {
    const res = await users.employee.post('/api/crm/contacts', { name: 'slow statement' });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('SERVICE.TIMEOUT');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.text).not.toMatch(/canceling|statement|pg_sleep|sql/i);
    const [{ count }] = await server.runtime.db
      .knex('contacts')
      .where({ name: 'slow statement' })
      .count({ count: '*' });
    expect(Number(count)).toBe(0);
    // The next request is served as usual.
    expect((await users.employee.post('/api/crm/contacts', { name: 'quick statement' })).status).toBe(201);
  });

  it.runIf(process.env.DATABASE_URL)(
    'cuts a read waiting on a lock at the timeout: 503, and the jobs pool keeps its own longer timeout',
    async () => {
      const [api] = (await server.runtime.db.knex.raw('SHOW statement_timeout')).rows;
      const [jobs] = (await server.runtime.db.background.raw('SHOW statement_timeout')).rows;
      expect(api.statement_timeout).toBe('400ms');
      expect(jobs.statement_timeout).toBe('10min');

      // The background pool: connections apart from the API's.
      await server.runtime.db.background.transaction(async (trx) => {
        await trx.raw('LOCK TABLE contacts IN ACCESS EXCLUSIVE MODE');
        const started = Date.now();
        const res = await users.other.get('/api/crm/contacts?limit=5');
        expect(res.status).toBe(503);
        expect(res.body.error.code).toBe('SERVICE.TIMEOUT');
        expect(res.headers.get('retry-after')).toBe('2');
        expect(Date.now() - started).toBeLessThan(3_000);
      });
      expect((await users.other.get('/api/crm/contacts?limit=5')).status).toBe(200);
    },
  );
});

describe('no database connection free in time', () => {
  let server: TestServer;
  let users: CrmUsers;
  const held: unknown[] = [];
  beforeAll(async () => {
    server = await startTestServer({ limits: { acquireTimeoutMs: 300, poolMax: 2 } });
    users = await createCrmUsers(server);
  });
  afterEach(async () => {
    const client = server.runtime.db.knex.client;
    while (held.length) await client.releaseConnection(held.pop());
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 503 SERVICE.BUSY with Retry-After, not 500, and serves again once a connection is free', async () => {
    const client = server.runtime.db.knex.client;
    // Every connection of the API's pool (embedded: its one connection) taken, as by a flood of slow requests.
    const size = server.runtime.db.embedded ? 1 : 2;
    for (let i = 0; i < size; i += 1) held.push(await client.acquireConnection());

    const res = await users.employee.get('/api/crm/contacts?limit=5');
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('SERVICE.BUSY');
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.text).not.toMatch(/knex|pool|timeout acquiring/i);

    while (held.length) await client.releaseConnection(held.pop());
    expect((await users.employee.get('/api/crm/contacts?limit=5')).status).toBe(200);
  });
});

describe('list totals', () => {
  let server: TestServer;
  let users: CrmUsers;
  beforeAll(async () => {
    server = await startTestServer();
    users = await createCrmUsers(server);
    // One more than the cap match "Capped", half of them are customers; three match "Rare".
    await server.runtime.db.knex.raw(
      `INSERT INTO contacts (name, status) SELECT 'Capped ' || g, CASE WHEN g % 2 = 0 THEN 'customer' ELSE 'lead' END FROM generate_series(1, ?) g`,
      [TOTAL_CAP + 1],
    );
    await server.runtime.db.knex.raw(`INSERT INTO contacts (name) SELECT 'Rare ' || g FROM generate_series(1, 3) g`);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('counts the whole list exactly', async () => {
    const res = await users.employee.get('/api/crm/contacts?limit=1&includeTotal=true');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: TOTAL_CAP + 4, totalCapped: false });
  });

  it('stops counting a search or a filter at its cap and says so', async () => {
    const searched = await users.employee.get('/api/crm/contacts?limit=1&includeTotal=true&search=capped');
    expect(searched.body).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true });
    expect(searched.body.items).toHaveLength(1);
    const filtered = await users.employee.get('/api/crm/contacts?limit=1&includeTotal=true&status=customer');
    expect(filtered.body).toMatchObject({ total: Math.floor((TOTAL_CAP + 1) / 2), totalCapped: false });
  });

  it('counts a narrow search exactly, and sends no total unless asked', async () => {
    const rare = await users.employee.get('/api/crm/contacts?limit=2&includeTotal=true&search=rare');
    expect(rare.body).toMatchObject({ total: 3, totalCapped: false });
    expect(rare.body.items).toHaveLength(2);
    const plain = await users.employee.get('/api/crm/contacts?limit=2&search=rare');
    expect(plain.body.total).toBeUndefined();
    expect(plain.body.totalCapped).toBeUndefined();
  });
});

describe.runIf(process.env.DATABASE_URL)('requests one user has in progress at once', () => {
  let server: TestServer;
  let users: CrmUsers;
  beforeAll(async () => {
    server = await startTestServer({ limits: { concurrentPerUser: 2, queuedPerUser: 1, statementTimeoutMs: 30_000 } });
    users = await createCrmUsers(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Whichever of two requests answers first, and the other one (still waiting). */
  const firstAnswered = <T>(a: Promise<T>, b: Promise<T>) =>
    Promise.race([a.then((res) => ({ res, queued: b })), b.then((res) => ({ res, queued: a }))]);

  /** Requests' statements waiting on a lock (application_name 'funil'; the jobs' pool, 'funil-jobs', may wait too). */
  const waitingOnLock = async () => {
    const [row] = (
      await server.runtime.db.background.raw(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND application_name = 'funil' AND wait_event_type = 'Lock'`,
      )
    ).rows;
    return row.n as number;
  };

  it("queues one user's requests behind each other, refuses past the queue with 429, and lets another user's through", async () => {
    let inFlight: Promise<{ status: number }>[] = [];
    await server.runtime.db.background.transaction(async (trx) => {
      await trx.raw('LOCK TABLE contacts IN ACCESS EXCLUSIVE MODE');
      // Two of the employee's requests run (each waits on the lock), the third waits its turn, the fourth is refused.
      inFlight = [users.employee.get('/api/crm/contacts?limit=1'), users.employee.get('/api/crm/contacts?limit=1')];
      await expect.poll(waitingOnLock, { timeout: 10_000 }).toBe(2);
      const third = users.employee.get('/api/crm/contacts?limit=1');
      const fourth = users.employee.get('/api/crm/contacts?limit=1');
      // The one refused answers at once; the one queued waits for the lock like the two running.
      const first = await firstAnswered(third, fourth);
      expect(first.res.status).toBe(429);
      expect(first.res.body.error.code).toBe('REQUEST.TOO_MANY_AT_ONCE');
      expect(first.res.headers.get('retry-after')).toBe('1');
      inFlight.push(first.queued);

      // Another user is not held up by the employee's flood: served while those still wait.
      // (A route that reads no contact: the lock holds every statement on contacts.)
      const other = await users.other.get('/api/user');
      expect(other.status).toBe(200);
      expect(await waitingOnLock()).toBe(2);
    });
    // The lock released, every request the employee had running or queued is answered.
    expect((await Promise.all(inFlight)).map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it("counts a user's requests together whichever of their sessions they come from", async () => {
    const { username } = (await users.employee.get('/api/user')).body;
    const secondSession = server.client();
    await secondSession.login(username, 'correct horse battery');
    let inFlight: Promise<{ status: number }>[] = [];
    await server.runtime.db.background.transaction(async (trx) => {
      await trx.raw('LOCK TABLE contacts IN ACCESS EXCLUSIVE MODE');
      inFlight = [users.employee.get('/api/crm/contacts?limit=1'), users.employee.get('/api/crm/contacts?limit=1')];
      await expect.poll(waitingOnLock, { timeout: 10_000 }).toBe(2);
      // The other session's two: one waits behind the user's two running, the other is refused.
      const third = secondSession.get('/api/crm/contacts?limit=1');
      const fourth = secondSession.get('/api/crm/contacts?limit=1');
      const first = await firstAnswered(third, fourth);
      expect(first.res.status).toBe(429);
      expect(await waitingOnLock()).toBe(2);
      inFlight.push(first.queued);
    });
    expect((await Promise.all(inFlight)).map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it("gives a request's place back when its client leaves while its session is looked up", async () => {
    const cookie = [...users.employee.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const controllers = [0, 1, 2].map(() => new AbortController());
    await server.runtime.db.background.transaction(async (trx) => {
      // The session look-up waits on this lock; the three clients give up meanwhile.
      await trx.raw('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
      const requests = controllers.map((controller) =>
        fetch(`${server.url}/api/crm/contacts?limit=1`, {
          headers: { cookie, 'x-forwarded-for': users.employee.ip },
          signal: controller.signal,
        }).catch(() => null),
      );
      await expect.poll(waitingOnLock, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      for (const controller of controllers) controller.abort();
      await Promise.all(requests);
    });
    // Their look-ups finish after they left; the user's next requests are served at once, not queued behind ghosts.
    const started = Date.now();
    const statuses = (await Promise.all([0, 1, 2].map(() => users.employee.get('/api/crm/contacts?limit=1')))).map(
      (r) => r.status,
    );
    expect(statuses).toEqual([200, 200, 200]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('makes a queued or refused request cost no database work: its session is looked up only when its turn comes', async () => {
    const knex = server.runtime.db.knex;
    let sessionLookups = 0;
    const count = (query: { sql?: string }) => {
      if (query.sql && /\bsessions\b/.test(query.sql)) sessionLookups += 1;
    };
    knex.on('query', count);
    try {
      let inFlight: Promise<{ status: number }>[] = [];
      await server.runtime.db.background.transaction(async (trx) => {
        await trx.raw('LOCK TABLE contacts IN ACCESS EXCLUSIVE MODE');
        inFlight = [users.employee.get('/api/crm/contacts?limit=1'), users.employee.get('/api/crm/contacts?limit=1')];
        await expect.poll(waitingOnLock, { timeout: 10_000 }).toBe(2);
        const lookupsOfTheTwo = sessionLookups;
        // The two running requests' look-ups were seen (the count watches the right statement).
        expect(lookupsOfTheTwo).toBeGreaterThanOrEqual(2);
        // Ten more: one waits its turn, nine are refused; none of them reaches the database meanwhile.
        const more = Array.from({ length: 10 }, () => users.employee.get('/api/crm/contacts?limit=1'));
        const refused = (
          await Promise.all(
            more.map((p) => Promise.race([p, new Promise<null>((r) => setTimeout(() => r(null), 1_500))])),
          )
        ).filter((res) => res?.status === 429);
        expect(refused).toHaveLength(9);
        expect(sessionLookups).toBe(lookupsOfTheTwo);
        inFlight.push(...more);
      });
      const statuses = (await Promise.all(inFlight)).map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    } finally {
      knex.off('query', count);
    }
  });
});
