import busboy from 'busboy';
import type { Request } from 'express';
import { AppError, ValidationError } from '../../domain/shared/app-error';

export interface Upload {
  fileName: string | null;
  content: Buffer;
  fields: Record<string, string>;
}

/** Reads a multipart/form-data body with one file (field `file`) of at most `maxBytes`, and its text fields. */
export function readUpload(req: Request, maxBytes: number): Promise<Upload> {
  if (!req.is('multipart/form-data')) {
    return Promise.reject(new AppError('REQUEST.UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data'));
  }
  return new Promise((resolve, reject) => {
    const parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: maxBytes, fields: 10, fieldSize: 64 * 1024 } });
    const fields: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let fileName: string | null = null;
    let sawFile = false;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume();
      reject(error);
    };
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (name, stream, info) => {
      // A form cut short inside a file also fails the file's stream: the parser's own 'error' reports it, and an
      // unheard 'error' here would be an uncaught exception that ends the process.
      stream.on('error', () => {});
      if (name !== 'file') {
        stream.resume();
        return;
      }
      sawFile = true;
      fileName = info.filename ?? null;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(new AppError('REQUEST.TOO_LARGE', `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`)));
    });
    parser.on('error', (error: Error) => fail(new ValidationError([{ path: 'file', message: `Unreadable upload: ${error.message}` }])));
    parser.on('close', () => {
      if (failed) return;
      if (!sawFile) return fail(new ValidationError([{ path: 'file', message: 'A CSV file is required (form field "file")', type: 'any.required' }]));
      resolve({ fileName, content: Buffer.concat(chunks), fields });
    });
    req.pipe(parser);
  });
}
