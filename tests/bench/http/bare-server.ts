import { createServer, type IncomingMessage } from 'node:http';
import pg from 'pg';

/**
 * The bench's yardstick: a bare `node:http` + `pg` server that, for each route the bench gives it over IPC,
 * runs the very statements Funil ran for that request (captured from knex, same SQL, same values) and answers
 * the same JSON, built from the rows as plainly as it can be (shapes below). No framework, no session cookie
 * check beyond the statements themselves, no validation, no logging: what is left is the least a server
 * must do for each request. Started with DATABASE_URL and BARE_POOL_MAX (Funil's pool size).
 *
 * IPC in: { type: 'routes', routes }; { type: 'cpu' } answers process.cpuUsage(). IPC out: { type: 'ready', url }.
 */
interface Statement {
  sql: string;
  bindings: unknown[];
  /** Sent as a named prepared statement, as Funil sent it. */
  name?: string;
}

interface Route {
  method: string;
  path: string;
  statements: Statement[];
  shape: string;
  status: number;
  /** For the shapes that need them (the page size a list asked for, the report's period...). */
  extra?: Record<string, unknown>;
}

type Row = Record<string, unknown>;

// As Funil's database module: dates stay 'YYYY-MM-DD' strings, int8 counts become numbers.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.BARE_POOL_MAX ?? 10),
  options: '-c timezone=UTC',
});
const routes = new Map<string, Route>();

/** snake_case -> camelCase, worked out once per column name (a careful hand-written server keeps such a map). */
const camelNames = new Map<string, string>();
function camel(key: string): string {
  let name = camelNames.get(key);
  if (name === undefined) {
    name = key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    camelNames.set(key, name);
  }
  return name;
}

/** Columns Funil's records never show, which a page selects with the row: stored search text, the phone's key. */
const INTERNAL = new Set(['search_text', 'phone_e164']);

/** A row with camelCase keys and no internal column, in one pass. */
function camelRow(row: Row): Row {
  const out: Row = {};
  for (const key in row) if (!INTERNAL.has(key)) out[camel(key)] = row[key];
  return out;
}

/** Funil's cursor: the last row's sort key as float64 values, base64url. */
function cursor(key: number[]): string {
  const bytes = Buffer.alloc(key.length * 8);
  key.forEach((value, i) => bytes.writeDoubleLE(value, i * 8));
  return bytes.toString('base64url');
}

const lastOf = (results: Row[][]) => results[results.length - 1];
const omit = (row: Row, key: string) => {
  const { [key]: _, ...rest } = row;
  return rest;
};

/**
 * How each kind of answer is built from the statements' rows (results[i] = the rows of statement i, camelCased, with
 * no search text),
 * the statement's values (the page size asked for, the report's period) and the request's body.
 */
const SHAPES: Record<string, (results: Row[][], route: Route, body: unknown) => unknown> = {
  user: ([[row]]) => ({
    id: row.id,
    username: row.username,
    name: row.name,
    role: row.role,
    initials: row.initials,
    lastAccess: row.previousAccess,
    disabled: row.disabledAt !== null,
    mustChangePassword: row.mustChangePassword,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }),
  /** A keyset page: the statement asked for one row more than the page; its ORDER BY names the cursor's columns. */
  page: (results, route) => {
    const rows = lastOf(results);
    const statement = route.statements[route.statements.length - 1];
    const limit = Number(statement.bindings[statement.bindings.length - 1]) - 1;
    const items = rows.length > limit ? rows.slice(0, limit) : rows;
    // The outer statement's ORDER BY, the last one (a search's CTEs have their own before it).
    const order =
      /order by (.*?) limit/i.exec(statement.sql.slice(statement.sql.toLowerCase().lastIndexOf('order by')))?.[1] ??
      '"id"';
    // Quoted by knex ("contacts"."id" desc) or not, as written SQL has it (contacts.id DESC): the column's name.
    const columns = [...order.matchAll(/"?(\w+)"? (?:asc|desc)\b/gi)].map((m) => camel(m[1]));
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > limit && last ? cursor(columns.map((c) => last[c] as number)) : null };
  },
  summary: (results) => ({ items: lastOf(results) }),
  search: ([, contacts, deals, activities, templates, notes], route) => {
    // As Funil: each kind's candidates best first (rank, then newest), cut to the limit asked for.
    const limit = Number(new URL(route.path, 'http://bare').searchParams.get('limit') ?? 5);
    const best = (rows: Row[]) =>
      [...rows]
        .sort((a, b) => (a.rank as number) - (b.rank as number) || (b.id as number) - (a.id as number))
        .slice(0, limit)
        .map((r) => omit(r, 'rank'));
    return {
      contacts: best(contacts),
      deals: best(deals),
      activities: best(activities),
      templates: best(templates),
      notes,
    };
  },
  report: (results, route) => {
    // The period asked for, and the moment the statement was given (its last two dates: since, until).
    const { bindings } = route.statements[route.statements.length - 1];
    const dates = bindings.filter((b) => typeof b === 'string' && !Number.isNaN(Date.parse(b))) as string[];
    const url = new URL(route.path, 'http://bare');
    return {
      report: /\/api\/crm\/reports\/([a-z-]+)/.exec(url.pathname)![1],
      pipeline: url.searchParams.get('pipeline'),
      period: Number(url.searchParams.get('period')),
      generatedAt: new Date(dates[dates.length - 1]),
      rows: lastOf(results),
    };
  },
  builder: (results, route, body) => {
    const rows = lastOf(results);
    const { bindings } = route.statements[route.statements.length - 1];
    const total = rows.find((r) => r.kind === 'total')!;
    const other = rows.find((r) => r.kind === 'other');
    return {
      definition: body,
      groups: rows
        .filter((r) => r.kind !== 'total')
        .map((r) => ({ key: r.key, label: r.label, other: r.kind === 'other', count: r.count, value: r.value })),
      total: { count: total.count, value: total.value },
      otherGroups: other?.folded ?? 0,
      since: new Date(bindings[0] as string),
      until: new Date(bindings[1] as string),
    };
  },
  /** The row the statement with the INSERT returned (an INSERT, or a WITH writing the timeline entry beside it). */
  created: (results, route) => results[route.statements.findIndex((s) => /\binsert\s+into\b/i.test(s.sql))][0],
};

async function run(route: Route): Promise<Row[][]> {
  if (route.statements.length === 1) {
    const [{ sql, bindings, name }] = route.statements;
    return [(await pool.query({ text: sql, values: bindings, name })).rows.map(camelRow)];
  }
  const client = await pool.connect();
  try {
    const results: Row[][] = [];
    for (const { sql, bindings, name } of route.statements)
      results.push((await client.query({ text: sql, values: bindings, name })).rows.map(camelRow));
    return results;
  } finally {
    client.release();
  }
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined);
      } catch (error) {
        reject(error);
      }
    });
    req.on('error', reject);
  });
}

const server = createServer(async (req, res) => {
  try {
    const route = routes.get(`${req.method} ${req.url}`);
    if (!route) {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end('{"error":{"code":"NOT_FOUND"}}');
      return;
    }
    const body = req.method === 'POST' ? await readBody(req) : undefined;
    const json = JSON.stringify(SHAPES[route.shape](await run(route), route, body));
    res
      .writeHead(route.status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(json),
      })
      .end(json);
  } catch (error) {
    console.error(error);
    if (!res.headersSent) res.writeHead(500).end();
  }
});
server.keepAliveTimeout = 65_000;

process.on('message', (message: { type: string; routes?: Route[] }) => {
  if (message.type === 'routes') {
    for (const route of message.routes!) {
      if (!SHAPES[route.shape]) throw new Error(`no shape ${route.shape}`);
      routes.set(`${route.method} ${route.path}`, route);
    }
    process.send!({ type: 'routes' });
  } else if (message.type === 'cpu') process.send!({ type: 'cpu', usage: process.cpuUsage() });
  else if (message.type === 'stop') {
    server.close(() => void pool.end().then(() => process.exit(0)));
    server.closeAllConnections();
  }
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send!({
    type: 'ready',
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  });
});
