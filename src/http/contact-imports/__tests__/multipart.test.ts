import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Request } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUpload } from '../multipart';

// The upload as a request brings it, read into a temporary file of a directory of this test's own.
let spool: string;
let previous: string | undefined;
beforeAll(() => {
  previous = process.env.TMPDIR;
  spool = mkdtempSync(join(tmpdir(), 'funil-multipart-test-'));
  process.env.TMPDIR = spool;
});
afterAll(() => {
  // Assigning undefined would store the string "undefined": the next file in this worker would write there.
  if (previous === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previous;
});

/** A request bringing `body`; with `abort`, the client goes away after it, before the body ends. */
function request(body: Buffer | string, options: { abort?: boolean } = {}): Request {
  const req = (options.abort ? abandoned(Buffer.from(body)) : Readable.from([Buffer.from(body)])) as unknown as Request;
  // As Node's IncomingMessage: `complete` once the whole body arrived.
  Object.assign(req, {
    complete: false,
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    is: (type: string) => type === 'multipart/form-data',
  });
  req.on('end', () => Object.assign(req, { complete: true }));
  return req;
}

/** A body that stops after `start`: the connection closes, the body never ends. */
function abandoned(start: Buffer): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (sent) return;
      sent = true;
      this.push(start);
      setImmediate(() => this.destroy());
    },
  });
}

const form = (file: Buffer | null, fields: Record<string, string> = {}) =>
  Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    ...(file
      ? [
          Buffer.from(
            '--x\r\nContent-Disposition: form-data; name="file"; filename="contatos.csv"\r\nContent-Type: text/csv\r\n\r\n',
          ),
          file,
          Buffer.from('\r\n'),
        ]
      : []),
    Buffer.from('--x--\r\n'),
  ]);

async function readAll(source: () => AsyncIterable<Uint8Array>) {
  const parts: Buffer[] = [];
  for await (const part of source()) parts.push(Buffer.from(part));
  return { bytes: Buffer.concat(parts), slices: parts.length };
}

const spooled = () => readdirSync(spool);

describe('readUpload', () => {
  it('keeps the file on disk, not in memory: read back whole, in 1 MB slices, as often as asked, until disposed', async () => {
    const file = Buffer.alloc(2.5 * 1024 * 1024, 'Nome,E-mail\nAna,ana@example.com\n');
    const upload = await readUpload(request(form(file, { mode: 'skip' })), 10 * 1024 * 1024);
    expect(upload).toMatchObject({ fileName: 'contatos.csv', size: file.length, fields: { mode: 'skip' } });
    for (let pass = 0; pass < 2; pass++) {
      const { bytes, slices } = await readAll(upload.file);
      expect(bytes.equals(file)).toBe(true);
      expect(slices).toBe(3);
    }
    expect(spooled()).toHaveLength(1);
    await upload.dispose();
    expect(spooled()).toEqual([]);
  });

  it('refuses a file over the limit with REQUEST.TOO_LARGE and leaves nothing behind', async () => {
    const error = await readUpload(request(form(Buffer.alloc(200_000, 'a'))), 100_000).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'REQUEST.TOO_LARGE' });
    await expect.poll(spooled).toEqual([]);
  });

  it('refuses a form cut short inside the file, or one without a file, naming the field, and leaves nothing behind', async () => {
    const cut = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nNome\nAna';
    expect(await readUpload(request(cut), 100_000).catch((e: unknown) => e)).toMatchObject({
      details: [{ path: 'file' }],
    });
    expect(await readUpload(request(form(null, { mode: 'skip' })), 100_000).catch((e: unknown) => e)).toMatchObject({
      details: [{ path: 'file', message: 'A CSV file is required (form field "file")' }],
    });
    await expect.poll(spooled).toEqual([]);
  });

  it('gives up on an upload the client abandons midway, and leaves nothing behind', async () => {
    const started = Buffer.concat([
      form(null, { mode: 'skip' }).subarray(0, -7),
      Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n'),
      Buffer.alloc(300_000, 'Ana\n'),
    ]);
    expect(
      await readUpload(request(started, { abort: true }), 10 * 1024 * 1024).catch((e: unknown) => e),
    ).toMatchObject({ details: [{ path: 'file' }] });
    await expect.poll(spooled).toEqual([]);
  });
});
