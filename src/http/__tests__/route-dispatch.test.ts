import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type ErrorRequestHandler } from 'express';
import Joi from 'joi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../domain/shared/app-error';
import { defineRoute, mountRoutes, type HttpRouter, type RouteDefinition } from '../route';

// The routes' dispatcher against what Express's own router answers: the first route declared that matches, a
// parameter decoded, case ignored, a trailing slash allowed, and Express's router for what the dispatcher leaves.
const route = (method: 'get' | 'post', path: string, name: string): RouteDefinition =>
  defineRoute({
    method,
    path,
    access: 'public',
    tag: 'test',
    summary: name,
    response: null as never,
    handler: (_input, req) => ({ route: name, params: req.params }),
  });

const routers: HttpRouter[] = [
  {
    routes: () => [
      route('get', '/api/things/export', 'export'),
      route('get', '/api/things/:id', 'thing'),
      // Declared after the pattern above, which takes its path: never reached, as with Express.
      route('get', '/api/things/later', 'later'),
      route('post', '/api/things/later', 'post later'),
      route('get', '/api/things/:id/parts/:part', 'part'),
      route('get', '/api/v1.2/info', 'dotted'),
      // Its handler changes what it was given, as a handler may: the next request with the same URL must not see it.
      defineRoute({
        method: 'get',
        path: '/api/lists/:list',
        access: 'public',
        tag: 'test',
        summary: 'a list',
        response: null as never,
        schemas: {
          params: Joi.object<{ list: string }, true>({ list: Joi.string().max(5).required() }),
          query: Joi.object<{ limit: number; since?: Date }, true>({
            limit: Joi.number().integer().max(100).default(50),
            since: Joi.date(),
          }),
        },
        handler: ({ params, query }) => {
          const answer = { params: { ...params }, query: { ...query } };
          Object.assign(params, { list: 'changed' });
          Object.assign(query, { limit: -1, extra: true });
          return answer;
        },
      }),
      // Its body is optional, with a default: a request without one gets the default, every time.
      defineRoute({
        method: 'post',
        path: '/api/lists/:list/close',
        access: 'public',
        tag: 'test',
        summary: 'close a list',
        response: null as never,
        schemas: {
          params: Joi.object<{ list: string }, true>({ list: Joi.string().max(5).required() }),
          body: Joi.object<{ reason: string }, true>({ reason: Joi.string().default('done') }),
        },
        handler: ({ params, body }) => ({ list: params.list, reason: body.reason }),
      }),
    ],
  },
];

let server: Server;
let base: string;
beforeAll(async () => {
  const app = express();
  app.use(mountRoutes(routers, { translate: (e) => e, unavailable: () => null }));
  app.use(((error: AppError, _req, res, _next) =>
    res.status(400).json({ code: error.code ?? 'OTHER', details: error.details })) satisfies ErrorRequestHandler);
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const call = async (path: string, method = 'GET') => {
  const res = await fetch(base + path, { method });
  return { status: res.status, body: res.status === 200 && method !== 'HEAD' ? await res.json() : await res.text() };
};

describe('route dispatch', () => {
  it('answers with the first route declared that matches, its parameters decoded', async () => {
    expect((await call('/api/things/export')).body).toEqual({ route: 'export', params: {} });
    expect((await call('/api/things/later')).body).toEqual({ route: 'thing', params: { id: 'later' } });
    expect((await call('/api/things/later', 'POST')).body).toEqual({ route: 'post later', params: {} });
    expect((await call('/api/things/S%C3%A3o%20Paulo')).body).toEqual({ route: 'thing', params: { id: 'São Paulo' } });
    expect((await call('/api/things/7/parts/a%2Fb')).body).toEqual({ route: 'part', params: { id: '7', part: 'a/b' } });
    expect((await call('/api/v1.2/info')).body).toEqual({ route: 'dotted', params: {} });
    expect((await call('/api/v1x2/info')).status).toBe(404);
  });

  it('ignores case and one trailing slash, as Express does', async () => {
    expect((await call('/API/Things/EXPORT')).body).toEqual({ route: 'export', params: {} });
    expect((await call('/api/things/export/')).body).toEqual({ route: 'export', params: {} });
    expect((await call('/api/things/9/')).body).toEqual({ route: 'thing', params: { id: '9' } });
  });

  it('refuses a parameter with a malformed escape as a path that cannot be read', async () => {
    const res = await call('/api/things/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body as string)).toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      details: [{ path: 'params', type: 'string.encoding' }],
    });
  });

  it('answers a path asked again as the first time: the same route, its parameters decoded afresh', async () => {
    for (let round = 0; round < 3; round++) {
      expect((await call('/api/things/later')).body).toEqual({ route: 'thing', params: { id: 'later' } });
      expect((await call('/API/things/LATER/')).body).toEqual({ route: 'thing', params: { id: 'LATER' } });
      expect((await call('/api/things/S%C3%A3o')).body).toEqual({ route: 'thing', params: { id: 'São' } });
      expect((await call('/api/things/%E0%A4%A')).status).toBe(400);
      expect((await call('/api/v1x2/info')).status).toBe(404);
    }
  });

  it('gives each request with a URL checked before its own input, as validated, whatever an earlier handler did with it', async () => {
    for (let round = 0; round < 3; round++) {
      expect((await call('/api/lists/open?limit=7')).body).toEqual({ params: { list: 'open' }, query: { limit: 7 } });
      expect((await call('/api/lists/open')).body).toEqual({ params: { list: 'open' }, query: { limit: 50 } });
      // A date is an object: checked again each time, converted each time.
      expect((await call('/api/lists/open?since=2026-01-02')).body).toEqual({
        params: { list: 'open' },
        query: { limit: 50, since: '2026-01-02T00:00:00.000Z' },
      });
    }
  });

  it("gives a route that reads a body its schema's defaults on every request sent without one", async () => {
    for (let round = 0; round < 3; round++)
      expect((await call('/api/lists/open/close', 'POST')).body).toEqual({ list: 'open', reason: 'done' });
  });

  it('refuses a URL it refused before, every time, naming the field', async () => {
    for (let round = 0; round < 3; round++) {
      const res = await call('/api/lists/open?limit=1000');
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body as string)).toMatchObject({ details: [{ path: 'query.limit' }] });
      expect((await call('/api/lists/toolong')).status).toBe(400);
    }
  });

  it("leaves HEAD, OPTIONS and unknown paths to Express's router", async () => {
    expect((await call('/api/things/export', 'HEAD')).status).toBe(200);
    const options = await fetch(`${base}/api/things/later`, { method: 'OPTIONS' });
    expect(options.headers.get('allow')).toMatch(/GET/);
    expect((await call('/api/nothing')).status).toBe(404);
  });
});
