import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Request } from 'express';
import type Joi from 'joi';
import type { ImportSource } from '../../domain/contact-imports/contact-imports.ports';
import { AppError, ValidationError } from '../../domain/shared/app-error';
import { checkRequestInput, textProblem } from '../input-guard';

export interface Upload {
  fileName: string | null;
  /** The file as it arrived, read from the start at each call, a slice of 1 MB at a time. */
  file: ImportSource;
  size: number;
  fields: Record<string, string>;
  /** Removes the file: call it once the request is done with it. */
  dispose(): Promise<void>;
}

/** A slice read at a time from the spooled file: what the reader holds, whatever the file's size. */
const READ_SLICE = 1024 * 1024;

/**
 * Reads a multipart/form-data body with one file (field `file`) of at most `maxBytes`, and its text fields. The
 * file goes to a temporary file as it arrives (only its owner may read it), never into memory whole; a failed
 * upload leaves no file behind.
 */
export function readUpload(req: Request, maxBytes: number): Promise<Upload> {
  if (!req.is('multipart/form-data')) {
    return Promise.reject(new AppError('REQUEST.UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data'));
  }
  const path = join(tmpdir(), `funil-upload-${randomUUID()}.csv`);
  const dispose = () => rm(path, { force: true });
  return new Promise<Upload>((resolve, reject) => {
    const parser = busboy({
      headers: req.headers,
      limits: { files: 1, fileSize: maxBytes, fields: 10, fieldSize: 64 * 1024 },
    });
    const fields: Record<string, string> = {};
    let fileName: string | null = null;
    let out: WriteStream | undefined;
    let written: Promise<number> | undefined;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume();
      // The file being written ends here: its pipeline settles, and the file is removed.
      out?.destroy();
      void (written ?? Promise.resolve()).catch(() => undefined).finally(() => dispose().catch(() => undefined));
      reject(error);
    };
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (name, stream, info) => {
      // A form cut short inside a file also fails the file's stream: the parser's own 'error' reports it, and an
      // unheard 'error' here would be an uncaught exception that ends the process.
      stream.on('error', () => {});
      if (name !== 'file' || written) {
        stream.resume();
        return;
      }
      fileName = info.filename ?? null;
      stream.on('limit', () =>
        fail(new AppError('REQUEST.TOO_LARGE', `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`)),
      );
      const file = (out = createWriteStream(path, { flags: 'wx', mode: 0o600 }));
      written = pipeline(stream, file).then(() => file.bytesWritten);
      written.catch((error: Error) =>
        fail(new ValidationError([{ path: 'file', message: `Unreadable upload: ${error.message}` }])),
      );
    });
    parser.on('error', (error: Error) =>
      fail(new ValidationError([{ path: 'file', message: `Unreadable upload: ${error.message}` }])),
    );
    parser.on('close', () => {
      if (failed) return;
      if (!written)
        return fail(
          new ValidationError([
            { path: 'file', message: 'A CSV file is required (form field "file")', type: 'any.required' },
          ]),
        );
      written.then(
        (size) => {
          if (failed) return;
          resolve({
            fileName,
            size,
            fields,
            dispose,
            file: () => createReadStream(path, { highWaterMark: READ_SLICE }),
          });
        },
        () => undefined,
      );
    });
    // A client that goes away midway never ends the form: the parser would wait, the file open, for ever.
    req.on('close', () => {
      if (!req.complete) fail(new ValidationError([{ path: 'file', message: 'The upload was cut short' }]));
    });
    req.pipe(parser);
  });
}

/** How a text field holding JSON is refused when it is not JSON. */
export type JsonFields = Record<string, { message: string; type: string }>;

/**
 * The upload's text fields, those named in `json` read as JSON (a 400 naming the field when they are not), checked
 * against `schema` (and, like any request's, for NUL and depth); the file name too.
 */
export function uploadFields<T>(
  fields: Record<string, string>,
  schema: Joi.ObjectSchema<T>,
  fileName: string | null,
  json: JsonFields,
): T {
  const problem = fileName === null ? null : textProblem(fileName);
  if (problem) throw new ValidationError([{ path: 'file', message: `The file name ${problem}`, type: 'string.text' }]);
  const parsed: Record<string, unknown> = { ...fields };
  for (const [name, refusal] of Object.entries(json)) {
    if (fields[name] === undefined) continue;
    try {
      parsed[name] = JSON.parse(fields[name]);
    } catch {
      throw new ValidationError([{ path: name, ...refusal }]);
    }
  }
  checkRequestInput({ body: parsed });
  const { value, error } = schema.validate(parsed, { abortEarly: false, errors: { wrap: { label: false } } });
  if (error)
    throw new ValidationError(error.details.map((d) => ({ path: d.path.join('.'), message: d.message, type: d.type })));
  return value;
}

/**
 * A small CSV import's request (companies, deals): the upload read (at most `maxBytes`), its fields checked by
 * `schema` (`json` names the fields sent as JSON text), then `work`; the spooled file removed whatever happens.
 */
export async function withUpload<F, T>(
  req: Request,
  maxBytes: number,
  schema: Joi.ObjectSchema<F>,
  json: JsonFields,
  work: (upload: Upload, fields: F) => Promise<T>,
): Promise<T> {
  const upload = await readUpload(req, maxBytes);
  try {
    return await work(upload, uploadFields(upload.fields, schema, upload.fileName, json));
  } finally {
    await upload.dispose();
  }
}
