import { once } from 'node:events';
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { OperationError } from './operation-error';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest, type SnapshotRecord } from './snapshot';

/**
 * A backup file: gzip of JSON lines. The first line is `{"manifest": …}` (so `zcat file | head -1` shows what a
 * file holds), then per table `{"table": …, "columns": […]}` followed by one JSON array per row, then
 * `{"sequences": […]}`, and last `{"end": true}`: a file cut short (a full disk) is told apart from a whole one.
 */

/** Writes the snapshot to `file` through a partial file renamed at the end: a failed backup leaves no file. */
export async function writeBackupFile(records: AsyncIterable<SnapshotRecord>, file: string): Promise<void> {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const out = createWriteStream(partial, { mode: 0o600 });
  const done = finished(gzip.pipe(out));
  const write = async (line: string) => {
    if (!gzip.write(line + '\n')) await Promise.race([once(gzip, 'drain'), done]);
  };
  try {
    for await (const record of records) {
      if (record.kind === 'manifest') await write(JSON.stringify({ manifest: record.manifest }));
      else if (record.kind === 'table') await write(JSON.stringify({ table: record.table, columns: record.columns }));
      else if (record.kind === 'rows') for (const row of record.rows) await write(row);
      else await write(JSON.stringify({ sequences: record.sequences }));
    }
    await write(JSON.stringify({ end: true }));
    gzip.end();
    await done;
    renameSync(partial, file);
  } catch (error) {
    gzip.destroy();
    out.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
}

/** The rows of one table the reader hands on at a time. */
const ROWS_PER_RECORD = 500;

/** Reads a backup file back into the snapshot's records, a batch of rows at a time. */
export async function* readBackupFile(file: string): AsyncGenerator<SnapshotRecord> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
  input.on('error', (error) => gunzip.destroy(error));
  let table: string | undefined;
  let rows: string[] = [];
  let lineNumber = 0;
  let ended = false;
  const flush = (): SnapshotRecord | undefined => {
    if (!rows.length || !table) return undefined;
    const record: SnapshotRecord = { kind: 'rows', table, rows };
    rows = [];
    return record;
  };
  try {
    for await (const line of lines) {
      lineNumber += 1;
      if (ended) throw new OperationError(`${file}: data after the end mark (line ${lineNumber})`);
      if (lineNumber === 1) {
        yield { kind: 'manifest', manifest: parseManifest(file, line) };
        continue;
      }
      if (line.startsWith('[')) {
        if (!table) throw new OperationError(`${file}: a row before any table (line ${lineNumber})`);
        rows.push(line);
        if (rows.length >= ROWS_PER_RECORD) yield flush()!;
        continue;
      }
      const batch = flush();
      if (batch) yield batch;
      const record = parseLine(file, line, lineNumber);
      if ('table' in record) {
        table = record.table as string;
        yield { kind: 'table', table, columns: record.columns as string[] };
      } else if ('sequences' in record) {
        yield { kind: 'sequences', sequences: record.sequences as { name: string; lastValue: string | null }[] };
      } else if (record.end === true) ended = true;
      else throw new OperationError(`${file}: unexpected line ${lineNumber}`);
    }
  } catch (error) {
    if (error instanceof OperationError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new OperationError(`${file}: no such file`);
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR')
      throw new OperationError(`${file}: not a Funil backup (not gzip, or damaged)`);
    throw error;
  } finally {
    lines.close();
    input.destroy();
  }
  if (lineNumber === 0) throw new OperationError(`${file}: empty file, not a Funil backup`);
  if (!ended) throw new OperationError(`${file}: the file is cut short (no end mark after line ${lineNumber})`);
}

function parseLine(file: string, line: string, lineNumber: number): Record<string, unknown> {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    throw new OperationError(`${file}: line ${lineNumber} is not JSON (the file is damaged)`);
  }
}

function parseManifest(file: string, line: string): BackupManifest {
  let manifest: BackupManifest | undefined;
  try {
    manifest = (JSON.parse(line) as { manifest?: BackupManifest }).manifest;
  } catch {
    // Told below.
  }
  if (manifest?.format !== BACKUP_FORMAT) throw new OperationError(`${file}: not a Funil backup (no manifest)`);
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION)
    throw new OperationError(
      `${file}: backup format ${manifest.formatVersion} is newer than this Funil reads (${BACKUP_FORMAT_VERSION}); restore it with Funil ${manifest.appVersion} or later`,
    );
  return manifest;
}
