import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { Knex } from 'knex';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { ContactImportsService } from '../../../src/domain/contact-imports/contact-imports.service';
import { CONTACT_IMPORTS_SERVICE } from '../../../src/domain/contact-imports/contact-imports.tokens';
import { importBatchSize } from '../../../src/domain/contact-imports/contact-imports.service';
import type { ContactImport, ImportMapping, ImportPreview } from '../../../src/domain/contact-imports/contact-import';
import type { JobProcessor } from '../../../src/domain/shared/job-queue.port';
import { JOB_PROCESSOR } from '../../../src/domain/shared/shared.tokens';
import { ensureBuilt, startBuiltServer } from '../support/built-server';
import { brazilianContactRow, type BrazilianContactRow } from '../support/brazilian-contacts';
import { createBenchDatabase } from '../support/crm-data';
import { median, openBenchRuntime } from '../support/runtime';
import type { BenchContext, BenchSection } from '../support/section';

/**
 * The CSV contact import against PostgreSQL's own bulk load, on one fresh database with the migrations (so every
 * index, trigram search included, and the tag-count triggers): `COPY contacts (...) FROM STDIN` of N generated
 * Brazilian contacts, and the real import of the same N rows as a CSV file (the service starts it, the job runs
 * on BullMQ in this process and writes contacts, timeline entries, progress and refused rows) until it is
 * marked completed. Each measure starts from an empty contacts table; COPY and import alternate, medians kept.
 */
const TARGET_RATIO = 0.8;
/** One row in this many has a bad email: the refused-rows report is part of what is measured. */
const REFUSED_EVERY = 1_000;
const COLUMNS = ['Nome', 'E-mail', 'Telefone', 'Empresa', 'Status', 'Pontuação', 'Origem', 'Tags'];
const MAPPING: ImportMapping = {
  Nome: 'name',
  'E-mail': 'email',
  Telefone: 'phone',
  Empresa: 'company',
  Status: 'status',
  Pontuação: 'score',
  Origem: 'source',
  Tags: 'tags',
};

export async function run(ctx: BenchContext): Promise<BenchSection> {
  const rows = ctx.quick ? 10_000 : 100_000;
  const rounds = ctx.quick ? 2 : 3;
  const db = await createBenchDatabase(ctx.postgresUrl, 'import');
  const runtime = await openBenchRuntime({ databaseUrl: db.url, redisUrl: ctx.redisUrl, label: 'import' });
  const { knex } = runtime.db;
  try {
    const [{ id: importerId }] = await knex('users')
      .insert({ username: 'importer', password: 'not-a-hash', name: 'Importer', role: 'employee', initials: 'IM' })
      .returning('id');
    const data = Array.from({ length: rows }, (_, i) => brazilianContactRow(i + 1));
    const csv = Buffer.from(toCsv(data));
    const processors = runtime.container
      .getAll<JobProcessor>(JOB_PROCESSOR)
      .filter((p) => p.jobName === 'contacts.import');
    await runtime.workerHost.start(processors);
    const service = runtime.container.get<ContactImportsService>(CONTACT_IMPORTS_SERVICE);

    const copies: number[] = [];
    const psqlCopies: number[] = [];
    const imports: ImportRun[] = [];
    for (let round = 1; round <= rounds; round++) {
      await empty(knex);
      copies.push(await copy(db.url, data, importerId));
      ctx.log(`round ${round}: COPY ${rows.toLocaleString('en')} rows in ${seconds(copies.at(-1)!)}`);
      await empty(knex);
      const psqlMs = await psqlCopy(db.url, data, importerId);
      if (psqlMs !== undefined) {
        psqlCopies.push(psqlMs);
        ctx.log(`round ${round}: psql \\copy in ${seconds(psqlMs)}`);
      }
      await empty(knex);
      imports.push(await importFile(knex, service, csv, importerId, rows));
      ctx.log(`round ${round}: import in ${seconds(imports.at(-1)!.ms)}, RSS +${imports.at(-1)!.rssGrowthMb} MB`);
    }
    const copyMs = median(copies);
    const importMs = median(imports.map((r) => r.ms));
    const copyPerSecond = Math.round(rows / (copyMs / 1000));
    const importPerSecond = Math.round(rows / (importMs / 1000));
    // The yardstick is psql's \copy when psql is installed (the faster of the two), else the streamed COPY.
    const yardstick = psqlCopies.length ? psqlCopies : copies;
    const yardstickName = psqlCopies.length ? 'psql \\copy' : 'COPY';
    const psqlMs = psqlCopies.length ? median(psqlCopies) : undefined;
    // The machine is shared: its load moves both within a round less than across rounds, so the ratio is each round's.
    const ratios = imports.map((r, i) => yardstick[i] / r.ms);
    const ratio = median(ratios);
    const last = imports.at(-1)!;
    // Later rounds start from a process whose heap the earlier ones grew: the round that grew most is shown.
    const highest = imports.reduce((a, b) => (b.rssGrowthMb > a.rssGrowthMb ? b : a));
    const intact = imports.every((r) => r.intact);
    const million = process.env.BENCH_IMPORT_MILLION === '1' ? await importMillion(ctx, knex, db.url) : undefined;
    return {
      title: 'CSV import against COPY',
      setup: [
        `PostgreSQL, a database of its own with the migrations (every contacts index, trigram search included); ${rows.toLocaleString('en')} generated Brazilian contacts (8 columns, one in ${REFUSED_EVERY.toLocaleString('en')} with a bad email)`,
        'COPY: `COPY contacts (...) FROM STDIN` (text format, pg-copy-streams) of the valid rows, owner and creator set',
        "psql \\copy: the same rows from a file written beforehand, psql's start included: the yardstick (issue 31), when psql is installed",
        `Import: the contact-imports service starts it, the job runs on BullMQ in the bench process (${importBatchSize(rows).toLocaleString('en')} rows per batch, two batches written at once on their own connections), timed from the file to the import marked completed; RSS sampled every second against its value just before`,
        `Each measure on an emptied contacts table; COPY, psql \\copy, then import in each of ${rounds} rounds; times are medians, the ratio the median of the rounds' ratios`,
      ],
      rows: [
        {
          measure: 'COPY into contacts with its indexes (streamed from Node)',
          values: { time: seconds(copyMs), 'rows/s': copyPerSecond.toLocaleString('en'), memory: '' },
        },
        ...(psqlMs === undefined
          ? []
          : [
              {
                measure: 'psql \\copy into contacts with its indexes (from a file)',
                values: {
                  time: seconds(psqlMs),
                  'rows/s': Math.round(rows / (psqlMs / 1000)).toLocaleString('en'),
                  memory: '',
                },
              },
            ]),
        {
          measure: 'CSV import, end to end',
          values: {
            time: seconds(importMs),
            'rows/s': importPerSecond.toLocaleString('en'),
            memory: `peak RSS +${highest.rssGrowthMb} MB; by second (that round): ${rssSeries(highest.rssBySecondMb)}`,
          },
          target: {
            text: `at least ${TARGET_RATIO}x ${yardstickName}'s rows/s (${ratio.toFixed(2)}x: median of the rounds' ${ratios.map((r) => r.toFixed(2)).join(', ')})`,
            met: ratio >= TARGET_RATIO,
          },
        },
        {
          measure: 'CSV import: progress and refused rows',
          values: {
            time: '',
            'rows/s': '',
            memory: `${last.created.toLocaleString('en')} created, ${last.refused} refused and listed, progress seen at ${last.progressSteps} steps`,
          },
          target: {
            text: 'every valid row once, every refused row listed with its reason, progress rising',
            met: intact,
          },
        },
        ...(million
          ? [
              {
                measure: `1,000,000 rows (${million.fileMb} MB) through the browser flow over HTTP (two dry runs, start, job, refused rows)`,
                values: {
                  time: seconds(million.ms),
                  'rows/s': Math.round(MILLION / (million.ms / 1000)).toLocaleString('en'),
                  memory: `server peak RSS +${million.rssGrowthMb} MB; by second: ${rssSeries(million.rssBySecondMb)}; ${million.created.toLocaleString('en')} created, ${million.refused.toLocaleString('en')} refused and listed, progress seen at ${million.progressSteps} steps`,
                },
                target: {
                  text: `every valid row once, every refused row listed, progress rising; steady memory: the server's RSS in the last third of the run at most ${STEADY} times its highest in the first third (${million.steadyRatio.toFixed(2)}): it does not climb with the rows`,
                  met: million.intact && million.steadyRatio <= STEADY,
                },
              },
            ]
          : []),
      ],
      details: { rows, copiesMs: copies, imports, ratios, ratio, million },
    };
  } finally {
    await runtime.close();
    await db.drop();
  }
}

interface ImportRun {
  ms: number;
  rssGrowthMb: number;
  /** RSS over its value just before, sampled every second, in MB. */
  rssBySecondMb: number[];
  created: number;
  refused: number;
  progressSteps: number;
  intact: boolean;
}

const refused = (g: number) => g % REFUSED_EVERY === 0;

const MILLION = 1_000_000;
/**
 * Steady memory for the million: the server's RSS does not climb with the rows read (the last third of the run stays
 * within this factor of the first third's highest, V8's collections making a sawtooth). Its peak is reported beside.
 */
const STEADY = 1.1;

/**
 * BENCH_IMPORT_MILLION=1: a file of 1,000,000 rows (109 MB) through the browser flow, over HTTP to the built server
 * (dist/server/server.js, jobs in its own process) on this section's database: the wizard's two dry runs (the file
 * step's, with the mapping guessed; the preview step's, with the mapping), the start, the progress read every second
 * until the import ends, and the refused rows' CSV. The server's RSS (from /proc) is sampled every second against
 * its value after sign-in. About 3 minutes on a loaded 2-core machine, so not in the default run.
 */
async function importMillion(
  ctx: BenchContext,
  knex: Knex,
  databaseUrl: string,
): Promise<ImportRun & { steadyRatio: number; fileMb: number }> {
  await empty(knex);
  ensureBuilt(ctx);
  // Written to disk in pieces of about a megabyte: the bench holds no more of it than a browser would.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'funil-bench-million-'));
  const file = path.join(dir, 'contatos.csv');
  const out = createWriteStream(file);
  let text = `${COLUMNS.join(',')}\n`;
  for (let g = 1; g <= MILLION; g++) {
    const r = brazilianContactRow(g);
    text += `${[r.name, refused(g) ? r.email.replace('@', ' at ') : r.email, r.phone, r.company, r.status, r.score, r.source, r.tags].join(',')}\n`;
    if (text.length > 2 ** 20 || g === MILLION) {
      if (!out.write(text)) await once(out, 'drain');
      text = '';
    }
  }
  out.end();
  await once(out, 'finish');
  const server = await startBuiltServer(databaseUrl);
  try {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ username: 'admin', password: 'admin1234' }),
    });
    if (login.status !== 200) throw new Error(`bench sign-in failed: ${login.status}`);
    const headers = {
      origin: server.url,
      cookie: login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    };
    const api = async <T>(method: string, route: string, fields?: Record<string, string>): Promise<T> => {
      let body: FormData | undefined;
      if (fields) {
        body = new FormData();
        for (const [name, value] of Object.entries(fields)) body.append(name, value);
        body.append('file', await openAsBlob(file, { type: 'text/csv' }), 'contatos.csv');
      }
      const res = await fetch(`${server.url}${route}`, { method, headers, body });
      const answer = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text();
      if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(answer)}`);
      return answer as T;
    };
    const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))![1]) * 1024;
    const baseline = rss();
    const rssBySecondMb: number[] = [];
    const sampler = setInterval(() => rssBySecondMb.push(Math.round((rss() - baseline) / 2 ** 20)), 1000);
    const started = performance.now();
    let followed: Followed;
    try {
      const read = await api<ImportPreview>('POST', '/api/crm/contacts/import/preview', { mode: 'skip' });
      ctx.log(
        `1,000,000 rows: the file step's dry run after ${seconds(performance.now() - started)} (${read.totalRows} rows)`,
      );
      await api<ImportPreview>('POST', '/api/crm/contacts/import/preview', {
        mapping: JSON.stringify(MAPPING),
        mode: 'skip',
      });
      ctx.log(`1,000,000 rows: the preview step's dry run after ${seconds(performance.now() - started)}`);
      const { id } = await api<ContactImport>('POST', '/api/crm/contacts/import', {
        mapping: JSON.stringify(MAPPING),
        mode: 'skip',
      });
      followed = await follow(() => api<ContactImport>('GET', `/api/crm/contacts/import/${id}`), 1000);
    } finally {
      clearInterval(sampler);
    }
    const ms = performance.now() - started;
    const { done, progress } = followed;
    // The CSV the wizard links: row, reason, then the row's cells.
    const lines = (await api<string>('GET', `/api/crm/contacts/import/${done.id}/rejected`))
      .trim()
      .split('\n')
      .slice(1);
    const report = lines.map((line) => ({ rowNumber: Number(line.split(',')[0]), reason: line.split(',')[1] }));
    const third = Math.floor(rssBySecondMb.length / 3);
    const run = {
      ms,
      fileMb: Math.round(statSync(file).size / 2 ** 20),
      steadyRatio:
        (baseline / 2 ** 20 + Math.max(...rssBySecondMb.slice(-third))) /
        (baseline / 2 ** 20 + Math.max(...rssBySecondMb.slice(0, third))),
      rssGrowthMb: Math.max(0, ...rssBySecondMb),
      rssBySecondMb,
      created: done.counts.created,
      refused: report.length,
      progressSteps: progress.length,
      intact: await intact(knex, MILLION, followed, report),
    };
    ctx.log(`1,000,000 rows: ${seconds(run.ms)}, server RSS +${run.rssGrowthMb} MB at most`);
    return run;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every second's RSS growth, in MB; a long series as every tenth second. */
function rssSeries(mb: number[]): string {
  const step = mb.length > 30 ? 10 : 1;
  return (
    mb
      .filter((_, i) => i % step === step - 1 || i === mb.length - 1)
      .map((v) => `${v >= 0 ? '+' : ''}${v}`)
      .join(' ') + (step > 1 ? ` (every ${step} s)` : '')
  );
}

function toCsv(data: BrazilianContactRow[]): string {
  const lines = [COLUMNS.join(',')];
  data.forEach((r, i) => {
    const email = refused(i + 1) ? r.email.replace('@', ' at ') : r.email;
    lines.push([r.name, email, r.phone, r.company, r.status, r.score, r.source, r.tags].join(','));
  });
  return lines.join('\n') + '\n';
}

const COPY_COLUMNS = 'contacts (name, email, phone, company, status, score, source, tags, owner_id, created_by)';

/** The valid rows in COPY's text format (tabs between columns, \N for null; nothing generated needs escaping). */
function* copyText(data: BrazilianContactRow[], ownerId: number): Generator<string> {
  let chunk = '';
  for (let i = 0; i < data.length; i++) {
    if (refused(i + 1)) continue;
    const r = data[i];
    const tags = r.tags ? `{${r.tags.split(';').join(',')}}` : '{}';
    chunk += `${r.name}\t${r.email}\t${r.phone}\t${r.company || '\\N'}\t${r.status}\t${r.score}\t${r.source}\t${tags}\t${ownerId}\t${ownerId}\n`;
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** `COPY ... FROM STDIN` streamed from this process (pg-copy-streams). */
async function copy(url: string, data: BrazilianContactRow[], ownerId: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    await pipeline(Readable.from(copyText(data, ownerId)), client.query(copyFrom(`COPY ${COPY_COLUMNS} FROM STDIN`)));
    return performance.now() - started;
  } finally {
    await client.end();
  }
}

/**
 * The yardstick: `psql \copy` of the same rows from a file written beforehand (psql's own start included), the way
 * an operator bulk-loads; undefined when psql is not installed.
 */
async function psqlCopy(url: string, data: BrazilianContactRow[], ownerId: number): Promise<number | undefined> {
  if (spawnSync('psql', ['--version']).status !== 0) return undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'funil-bench-copy-'));
  const file = path.join(dir, 'contacts.tsv');
  try {
    await pipeline(Readable.from(copyText(data, ownerId)), createWriteStream(file));
    const started = performance.now();
    const run = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qc', `\\copy ${COPY_COLUMNS} FROM '${file}'`], {
      encoding: 'utf8',
    });
    const ms = performance.now() - started;
    if (run.status !== 0) throw new Error(`psql \\copy failed: ${run.stderr.trim()}`);
    return ms;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A full garbage collection before a measure starts, so its RSS baseline holds no garbage of the data built for it. */
function collectGarbage(): void {
  if (!global.gc) v8.setFlagsFromString('--expose-gc');
  (global.gc ?? (vm.runInNewContext('gc') as () => void))();
}

/**
 * The import as the app runs it, its progress read every 50 ms (as a browser would, only more often); RSS sampled
 * then and every second, against its value just before.
 */
async function importFile(
  knex: Knex,
  service: ContactImportsService,
  content: Buffer,
  importerId: number,
  rows: number,
): Promise<ImportRun> {
  collectGarbage();
  const viewer = { id: importerId, role: 'employee' as const };
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const rssBySecondMb: number[] = [];
  const sampler = setInterval(
    () => rssBySecondMb.push(Math.round((process.memoryUsage().rss - baseline) / 2 ** 20)),
    1000,
  );
  const started = performance.now();
  let followed: Followed;
  try {
    // As the upload hands it to the service: read from the start at each pass, a megabyte at a time.
    const file = async function* slices() {
      for (let at = 0; at < content.length; at += 2 ** 20) yield content.subarray(at, at + 2 ** 20);
    };
    const { id } = await service.start(viewer, { fileName: 'contatos.csv', file, mapping: MAPPING, mode: 'skip' });
    followed = await follow(
      () => service.get(viewer, id),
      50,
      () => (peak = Math.max(peak, process.memoryUsage().rss)),
    );
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - started;
  const { done, progress } = followed;
  const report = await service.rejections(viewer, done.id);
  return {
    ms,
    rssGrowthMb: Math.round((Math.max(peak, baseline + Math.max(0, ...rssBySecondMb) * 2 ** 20) - baseline) / 2 ** 20),
    rssBySecondMb,
    created: done.counts.created,
    refused: report.length,
    progressSteps: progress.length,
    intact: await intact(knex, rows, followed, report),
  };
}

interface Followed {
  done: ContactImport;
  /** The rows done, at each change seen. */
  progress: number[];
}

/** Reads the import every `pollMs` until it ends, as the wizard does (`each` at every read); it must complete. */
async function follow(read: () => Promise<ContactImport>, pollMs: number, each?: () => void): Promise<Followed> {
  const progress: number[] = [];
  for (;;) {
    each?.();
    const done = await read();
    if (progress.at(-1) !== done.rowsDone) progress.push(done.rowsDone);
    if (done.status === 'completed') return { done, progress };
    if (done.status !== 'queued' && done.status !== 'running')
      throw new Error(`the import ended ${done.status}: ${done.error}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Every valid row once, every refused row (one in REFUSED_EVERY) listed with its reason, progress rising. */
async function intact(
  knex: Knex,
  rows: number,
  { done, progress }: Followed,
  report: { rowNumber: number; reason: string }[],
): Promise<boolean> {
  const expectedRefused = Math.floor(rows / REFUSED_EVERY);
  const [{ n }] = await knex('contacts').count({ n: '*' });
  return (
    done.counts.created === rows - expectedRefused &&
    Number(n) === done.counts.created &&
    report.length === expectedRefused &&
    report.every((r) => refused(r.rowNumber) && r.reason === 'email: not an email address') &&
    progress.every((value, i) => i === 0 || value > progress[i - 1]) &&
    done.rowsDone === rows
  );
}

/** An empty contacts table (indexes kept) and no imports or timeline left from the measure before. */
async function empty(knex: Knex): Promise<void> {
  await knex.raw('TRUNCATE contacts, crm_timeline, contact_imports, contact_tag_counts CASCADE');
  await knex.raw('VACUUM ANALYZE contacts');
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
