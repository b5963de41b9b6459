import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { z } from 'zod';
import { CURRENCY_CODE, DEFAULT_CURRENCY } from '@market/shared';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'must be true or false',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const optionalUrl = z.url({ error: 'must be a URL' }).optional();

/** The push services of today's browsers (Chrome, Firefox, Safari, Edge). */
const DEFAULT_PUSH_SERVICES = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.push.apple.com',
  'https://*.notify.windows.com',
].join(',');

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be between 0 and 65535' })
    .max(65535, { error: 'must be between 0 and 65535' })
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/[^\s/]+(\/[^\s]*)?$/, {
      error: 'must be a postgres:// URL such as postgres://user:pass@host:5432/db',
    })
    .optional(),
  PUBLIC_URL: optionalUrl,
  AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFlag.optional(),
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ISSUER_URL: optionalUrl,
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  SMTP_URL: z.url({ error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Phone Market <no-reply@localhost>'),
  SUPPORT_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  CURRENCY: z
    .string()
    .regex(CURRENCY_CODE, { error: 'must be a three-letter currency code such as USD or BDT' })
    .default(DEFAULT_CURRENCY),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(true),
  REDIS_URL: z.url({ error: 'must be a redis:// URL' }).optional(),
  SEARCHES_PER_MINUTE: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 (no limit) or more' })
    .default(60),
  WEB_DIST_DIR: z.string().min(1).optional(),
  TRUST_PROXY: booleanFlag.default(false),
  METRICS_TOKEN: z
    .string()
    .min(16, { error: 'must be at least 16 characters' })
    .regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII without spaces' })
    .optional(),
  OUTBOX_WORKER: booleanFlag.default(true),
  SEARCH_SNAPSHOT: booleanFlag.default(true),
  PLACES_COUNTRIES: z
    .string()
    .trim()
    .regex(/^(\*|[A-Za-z]{2}(\s*,\s*[A-Za-z]{2})*)$/, {
      error: 'must be * or country codes separated by commas, such as BD,IN',
    })
    .default('BD'),
  LOAD_SHEDDING: booleanFlag.default(true),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 (no bound) or more' })
    .default(1000),
  MAX_EVENT_LOOP_UTILIZATION: z.coerce
    .number({ error: 'must be a number' })
    .min(0, { error: 'must be between 0 (no bound) and 1' })
    .max(1, { error: 'must be between 0 (no bound) and 1' })
    .default(0),
  MAX_HEAP_USED_BYTES: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 (no bound) or more' })
    .optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ error: 'must be an http:// or https:// URL' }).optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, { error: 'must be an uncompressed P-256 key in base64url' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a P-256 private key in base64url' })
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { error: 'must be a mailto: or https: URL' })
    .optional(),
  PUSH_SERVICES: z
    .string()
    .trim()
    .regex(/^https?:\/\/(\*\.)?[^\s,/]+(\s*,\s*https?:\/\/(\*\.)?[^\s,/]+)*$/, {
      error: 'must be push service origins separated by commas, such as https://*.push.apple.com',
    })
    .default(DEFAULT_PUSH_SERVICES),
});

/** The environment variables the server reads (deployment files are checked against them). */
export const CONFIG_ENV_NAMES: readonly string[] = Object.keys(envSchema.shape);

/**
 * MAX_HEAP_USED_BYTES when unset: 85 % of the heap V8 may grow to (--max-old-space-size, or its
 * default for the machine's memory). Past it collections run back to back and the process is
 * close to dying out of memory.
 */
export function defaultMaxHeapUsedBytes(): number {
  return Math.floor(v8.getHeapStatistics().heap_size_limit * 0.85);
}

/** Bounds past which new requests are refused with 503 (decision 0038). */
export interface LoadSheddingBounds {
  /** Mean event-loop delay over one second, in ms, past which new requests are refused; 0: none. */
  maxEventLoopDelayMs: number;
  /**
   * Share of each second (0–1) the event loop is busy past which new requests are refused; 0:
   * none. Many short requests keep a loop busy without a long delay between its turns: the delay
   * alone misses that overload (decision 0038).
   */
  maxEventLoopUtilization: number;
  /** Bytes of JavaScript heap in use past which new requests are refused; 0: none. */
  maxHeapUsedBytes: number;
}

export interface Config {
  /**
   * Web Push: the VAPID key pair (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or made once and kept
   * in DATA_DIR as the auth secret is), the contact the push services may write to, and the
   * push services' origins the server sends to (a `*.` host matches its subdomains).
   */
  push: {
    vapid: { publicKey: string; privateKey: string };
    subject: string;
    services: readonly string[];
  };
  port: number;
  host: string;
  dataDir: string;
  sqliteFile: string;
  uploadsDir: string;
  outboxDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /**
   * PUBLIC_URL was given: the one address people use. Without it the product answers at any
   * address it is reached at (localhost, 127.0.0.1, the machine's address on the network).
   */
  publicUrlConfigured: boolean;
  authSecret: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seedDemo: boolean;
  /**
   * Seed the demo admin, whose password the log-in page shows: only in a demo run, never beside
   * the operator's own admin (ADMIN_EMAIL) nor on an https address, where real people sign in.
   */
  seedDemoAdmin: boolean;
  admin: { email: string; password: string } | null;
  google: { clientId: string; clientSecret: string } | null;
  oidc: { issuerUrl: string; clientId: string; clientSecret: string } | null;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Where people write for help (the help page, the footer, a suspended account's message):
   * SUPPORT_EMAIL, or in a demo run on http the demo's support@example.com; else none.
   */
  supportEmail: string | null;
  /** The currency every price is shown in (ISO 4217, such as USD or BDT): CURRENCY. */
  currency: string;
  s3: {
    bucket: string;
    endpoint: string | undefined;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
  } | null;
  redisUrl: string | undefined;
  /** New searches a user may make a minute (five times that per address); 0: no limit. */
  searchesPerMinute: number;
  webDistDir: string;
  trustProxy: boolean;
  /** The bearer token GET /metrics asks for; null: no /metrics at all (404). */
  metricsToken: string | null;
  /** This instance sends the notification emails of the outbox (any number of instances may). */
  outboxWorker: boolean;
  /**
   * Whether the search index is kept in DATA_DIR when the server stops and read back at the next
   * start (SEARCH_SNAPSHOT, default true): a restart then answers search in seconds at any size.
   */
  searchSnapshot: boolean;
  /** The countries whose places the gazetteer keeps (decision 0033), or '*' for the world. */
  placesCountries: readonly string[] | '*';
  /** Bounds past which requests are refused with 503 (decision 0038); null: LOAD_SHEDDING off. */
  loadShedding: LoadSheddingBounds | null;
  /** Where traces go (OTLP over HTTP); unset: no tracing code is loaded. */
  otlpEndpoint: string | undefined;
}

/** The demo's support address, like its accounts' (example.com receives no mail). */
export const DEMO_SUPPORT_EMAIL = 'support@example.com';

export class ConfigError extends Error {}

/** Settings whose values a refusal does not repeat. */
const SECRET_VARIABLES = new Set([
  'AUTH_SECRET',
  'ADMIN_PASSWORD',
  'GOOGLE_CLIENT_SECRET',
  'OIDC_CLIENT_SECRET',
  'S3_SECRET_ACCESS_KEY',
  'METRICS_TOKEN',
]);

function pairRequired(env: Record<string, string | undefined>, a: string, b: string): void {
  if (Boolean(env[a]) !== Boolean(env[b])) {
    const missing = env[a] ? b : a;
    throw new ConfigError(`${missing}: must be set together with ${env[a] ? a : b}`);
  }
}

/** Parse the environment once. Throws ConfigError with one line naming the variable. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
): Readonly<Config> {
  // Empty strings count as unset, as shells and .env files often leave them.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    // A secret's value stays out of the line, which ends up in logs.
    const got = SECRET_VARIABLES.has(name) ? 'a value' : `"${cleaned[name] ?? ''}"`;
    throw new ConfigError(`${name}: ${issue?.message ?? 'invalid value'} (got ${got})`);
  }
  const e = parsed.data;
  pairRequired(cleaned, 'ADMIN_EMAIL', 'ADMIN_PASSWORD');
  pairRequired(cleaned, 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET');
  pairRequired(cleaned, 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET');
  pairRequired(cleaned, 'OIDC_ISSUER_URL', 'OIDC_CLIENT_ID');
  pairRequired(cleaned, 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY');
  pairRequired(cleaned, 'S3_BUCKET', 'S3_ACCESS_KEY_ID');
  pairRequired(cleaned, 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY');

  const dataDir = path.resolve(e.DATA_DIR);
  ensureWritableDir(dataDir);

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const seedDemo = e.SEED_DEMO ?? !e.DATABASE_URL;
  const operatorAdmin = Boolean(e.ADMIN_EMAIL && e.ADMIN_PASSWORD);
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir,
    sqliteFile: path.join(dataDir, 'marketplace.db'),
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    authSecret: e.AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : loadOrCreateVapidKeys(dataDir),
      subject: e.VAPID_SUBJECT ?? (publicUrl.startsWith('https:') ? publicUrl : DEMO_VAPID_SUBJECT),
      services: e.PUSH_SERVICES.split(',').map((origin) => origin.trim()),
    },
    logLevel: e.LOG_LEVEL,
    seedDemo,
    seedDemoAdmin: seedDemo && !operatorAdmin && !publicUrl.startsWith('https:'),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : null,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : null,
    oidc:
      e.OIDC_ISSUER_URL && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuerUrl: e.OIDC_ISSUER_URL,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
          }
        : null,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail:
      e.SUPPORT_EMAIL ?? (seedDemo && !publicUrl.startsWith('https:') ? DEMO_SUPPORT_EMAIL : null),
    currency: e.CURRENCY,
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : null,
    redisUrl: e.REDIS_URL,
    searchesPerMinute: e.SEARCHES_PER_MINUTE,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN ?? null,
    outboxWorker: e.OUTBOX_WORKER,
    searchSnapshot: e.SEARCH_SNAPSHOT,
    placesCountries:
      e.PLACES_COUNTRIES === '*'
        ? '*'
        : e.PLACES_COUNTRIES.split(',').map((code) => code.trim().toUpperCase()),
    loadShedding: e.LOAD_SHEDDING
      ? {
          maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
          maxEventLoopUtilization: e.MAX_EVENT_LOOP_UTILIZATION,
          maxHeapUsedBytes: e.MAX_HEAP_USED_BYTES ?? defaultMaxHeapUsedBytes(),
        }
      : null,
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
  });
}

function ensureWritableDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
    const probe = path.join(dir, `.write-check-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (err) {
    const reason = err instanceof Error && 'code' in err ? String(err.code) : 'not writable';
    throw new ConfigError(`DATA_DIR: ${dir} is not a writable directory (${reason})`);
  }
}

/** AUTH_SECRET when unset: generated once and kept in DATA_DIR so sessions survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not there yet: made below.
  }
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'w' });
  return secret;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's settings, read once at start. */
    config: Readonly<Config>;
  }
}

/** The contact push services are given when VAPID_SUBJECT is unset on a demo address. */
const DEMO_VAPID_SUBJECT = 'mailto:support@example.com';

/**
 * The VAPID keys when unset: a P-256 pair made once and kept in DATA_DIR, so that subscriptions
 * made against the public key keep working after a restart.
 */
function loadOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  try {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string') {
      return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    }
  } catch {
    // Not there yet: made below.
  }
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const secret = ecdh.getPrivateKey();
  const keys = {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // A key with leading zero bytes comes shorter: VAPID wants all 32.
    privateKey: Buffer.concat([Buffer.alloc(32 - secret.length), secret]).toString('base64url'),
  };
  fs.writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'w' });
  return keys;
}
