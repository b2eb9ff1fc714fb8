import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('docker compose file', () => {
  // CI installs Debian's docker-compose (.ci/run); without it there is nothing to validate with.
  const hasCompose = (() => {
    try {
      execFileSync('docker-compose', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!hasCompose && !process.env.CI)(
    'is valid and wires app, worker, postgres and redis with health checks',
    () => {
      const config = execFileSync('docker-compose', ['config'], {
        cwd: root,
        env: { ...process.env, SESSION_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://crm.example.com' },
        encoding: 'utf8',
      });
      for (const service of ['app:', 'worker:', 'postgres:', 'redis:']) expect(config).toContain(`  ${service}`);
      expect(config.match(/condition: service_healthy/g)?.length).toBeGreaterThanOrEqual(4);
      expect(config.match(/healthcheck:/g)?.length).toBeGreaterThanOrEqual(3);
      expect(config).toMatch(/--maxmemory-policy[\s\S]{0,20}noeviction/);
      expect(config).toMatch(/--appendonly[\s\S]{0,20}'?yes/);
      expect(config).toContain('dist/server/worker.js');
      // The Host check answers only the public address in production.
      expect(config).toContain('PUBLIC_URL: https://crm.example.com');
    },
  );

  it('refuses to run without a session secret or a public address', () => {
    expect(read('docker-compose.yml')).toMatch(/SESSION_SECRET: \$\{SESSION_SECRET:\?/);
    expect(read('docker-compose.yml')).toMatch(/PUBLIC_URL: \$\{PUBLIC_URL:\?/);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('builds in one stage and runs as a non-root user under an init process, with an exec-form command', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "dist\/server\/server.js"\]$/m);
  });

  it('installs and builds with the same commands as CI and the README', () => {
    expect(dockerfile).toMatch(/RUN npm ci\b/);
    expect(dockerfile).toMatch(/npm run build/);
    expect(read('.ci/run')).toMatch(/npm ci\b/);
    expect(JSON.parse(read('package.json')).scripts.start).toMatch(/npm run build/);
  });

  it('runs the same Node as npm scripts and tests: the version the project pins as the npm package node', () => {
    const pkg = JSON.parse(read('package.json'));
    const pinned: string = pkg.devDependencies.node;
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    expect(dockerfile).toMatch(new RegExp(`^ARG NODE_VERSION=${pinned.replaceAll('.', '\\.')}$`, 'm'));
    expect(dockerfile).toMatch(/^FROM node:\$\{NODE_VERSION\}-/m);
    expect(pkg.engines.node).toBe('>=24 <25');
    // This test itself runs on it (npm test puts node_modules/.bin first on PATH).
    expect(process.versions.node.split('.')[0]).toBe('24');
  });
});
