import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';
import type Joi from 'joi';
import { AppError, ValidationError, type ErrorDetail } from '../domain/shared/app-error';

/**
 * The limits every request meets before its route's own schema (README, "Input limits"):
 * - no string, object key or array element anywhere in params, query or body holds U+0000 or a lone
 *   surrogate: PostgreSQL stores neither in text or jsonb (NUL fails outright, a lone surrogate is not UTF-8);
 * - a JSON body nests at most MAX_JSON_DEPTH objects and arrays (a deeper one would overflow recursive code);
 * - a JSON body is UTF-8, valid UTF-8 (decoding invalid bytes would store U+FFFD where the client sent something else);
 * - a path or query percent-encoding decodes to UTF-8.
 */
export const MAX_JSON_DEPTH = 32;

const NUL = '\u0000';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored as text, or null. */
export function textProblem(text: string): string | null {
  if (text.includes(NUL)) return 'must not contain a NUL character (U+0000)';
  if (LONE_SURROGATE.test(text)) return 'must not contain a lone surrogate (not valid Unicode)';
  return null;
}

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/**
 * Walks a parsed value once. A bad string is named by its own path (`tags.1`), a bad key by its object's,
 * excess depth by the top-level field that holds it (`customFields`): the field the person filled in.
 */
function walk(value: unknown, path: string, field: string, depth: number, details: ErrorDetail[]): void {
  if (details.length >= 20) return;
  if (typeof value === 'string') {
    const problem = textProblem(value);
    if (problem) details.push({ path: path || field, message: `${path || field} ${problem}`, type: 'string.text' });
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (depth > MAX_JSON_DEPTH) {
    details.push({
      path: field,
      message: `${field} is nested more than ${MAX_JSON_DEPTH} levels deep`,
      type: 'object.depth',
    });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => walk(item, join(path, i), field || join(path, i), depth + 1, details));
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    const problem = textProblem(key);
    if (problem) {
      details.push({
        path: path || field || 'body',
        message: `A key of ${path || 'the body'} ${problem}`,
        type: 'object.key',
      });
      return;
    }
    walk(item, join(path, key), field || join(path, key), depth + 1, details);
  }
}

/** Refuses NUL, lone surrogates and excess depth anywhere in a request's parts, naming the field (`name`, `query.search`). */
export function checkRequestInput(req: { params?: unknown; query?: unknown; body?: unknown }): void {
  const details: ErrorDetail[] = [];
  walk(req.params, 'params', '', 0, details);
  walk(req.query, 'query', '', 0, details);
  walk(req.body, '', '', 0, details);
  if (details.length) throw new ValidationError(details);
}

/** Each `name=value` of a raw query string decodes (with `+` as space) to UTF-8; else 400 naming it. */
export function checkQueryEncoding(url: string): void {
  const at = url.indexOf('?');
  if (at < 0) return;
  const details: ErrorDetail[] = [];
  for (const pair of url.slice(at + 1).split('&')) {
    const eq = pair.indexOf('=');
    const rawName = eq < 0 ? pair : pair.slice(0, eq);
    const name = decodes(rawName) ?? rawName.replace(/%/g, '');
    if (decodes(rawName) === null || (eq >= 0 && decodes(pair.slice(eq + 1)) === null)) {
      details.push({
        path: `query.${name}`,
        message: `query.${name} has a malformed percent-encoding (not UTF-8)`,
        type: 'string.encoding',
      });
    }
  }
  if (details.length) throw new ValidationError(details);
}

function decodes(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** express.json's `verify`: the body must be UTF-8 (RFC 8259 §8.1), valid UTF-8. */
export function verifyJsonBytes(_req: IncomingMessage, _res: unknown, body: Buffer, encoding: string): void {
  if (encoding.toLowerCase() !== 'utf-8' && encoding.toLowerCase() !== 'utf8') {
    throw new AppError('REQUEST.UNSUPPORTED_MEDIA_TYPE', 'Send JSON encoded as UTF-8');
  }
  if (!isUtf8(body)) throw new AppError('REQUEST.MALFORMED_JSON', 'The request body is not valid UTF-8');
}

/** The router's error for a path parameter whose percent-encoding does not decode. */
export function isPathDecodeError(error: unknown): boolean {
  return (
    error instanceof URIError ||
    (error instanceof Error &&
      (error as { status?: number }).status === 400 &&
      error.message.startsWith('Failed to decode param'))
  );
}

export const pathDecodeError = () =>
  new ValidationError([
    { path: 'params', message: 'The path has a malformed percent-encoding (not UTF-8)', type: 'string.encoding' },
  ]);

function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let deepest = 0;
  for (const item of Object.values(value)) deepest = Math.max(deepest, depthOf(item));
  return deepest + 1;
}

/**
 * A free-form JSON field (customFields) bounded in nesting and in size once stored, so one field cannot
 * take the row's whole budget or the database's recursion. The request walk has already bounded the depth
 * it recurses here.
 */
export function boundedJson<T extends Joi.Schema>(schema: T, limits: { depth: number; bytes: number }): T {
  return schema.custom((value: unknown, helpers) => {
    if (depthOf(value) > limits.depth)
      return helpers.message({ custom: `{{#label}} is nested more than ${limits.depth} levels deep` });
    if (Buffer.byteLength(JSON.stringify(value)) > limits.bytes)
      return helpers.message({ custom: `{{#label}} is larger than ${Math.round(limits.bytes / 1024)} KB as JSON` });
    return value;
  }) as T;
}
