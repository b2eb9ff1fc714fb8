import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { sequence } from '../sequence';

const run = (handler: RequestHandler) =>
  new Promise<{ error: unknown; order: string[] }>((resolve) => {
    const req = { order: [] as string[] } as unknown as Request & { order: string[] };
    handler(req, {} as Response, ((error?: unknown) => resolve({ error, order: req.order })) as NextFunction);
  });
const step =
  (name: string): RequestHandler =>
  (req, _res, next) => {
    (req as unknown as { order: string[] }).order.push(name);
    next();
  };

describe('sequence', () => {
  it('runs the middlewares in order, then hands on', async () => {
    expect(await run(sequence(step('a'), step('b'), step('c')))).toEqual({ error: undefined, order: ['a', 'b', 'c'] });
  });

  it('skips the rest on an error passed, thrown or rejected, and hands the error on', async () => {
    const boom = new Error('boom');
    for (const failing of [
      ((_req, _res, next) => next(boom)) as RequestHandler,
      (() => {
        throw boom;
      }) as RequestHandler,
      (async () => {
        await Promise.resolve();
        throw boom;
      }) as RequestHandler,
    ]) {
      expect(await run(sequence(step('a'), failing, step('c')))).toEqual({ error: boom, order: ['a'] });
    }
  });

  it("leaves the sequence on next('route') without an error", async () => {
    expect(await run(sequence(step('a'), (_req, _res, next) => next('route'), step('c')))).toEqual({
      error: undefined,
      order: ['a'],
    });
  });
});
