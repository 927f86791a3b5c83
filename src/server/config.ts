import { z } from 'zod';
import { LIMITS } from '../shared/constants.ts';
import type { Conference } from '../shared/conference.ts';
import { DEFAULT_CONFERENCE } from '../shared/conference/default-conference.ts';
import { readConferenceFile } from './conference-file.ts';
import { emailSchema, MESSAGES } from '../shared/schemas/auth.ts';
import {
  CONFERENCE_DATE_KEYS,
  CONFERENCE_DATE_VARIABLES,
  type ConferenceDateKey,
  type ConferenceDateVariable,
  DEADLINE_MESSAGES,
  isIsoWithOffset,
  withColonOffset,
} from '../shared/domain/deadlines.ts';

/** How long the server waits on a client, at each stage of a connection (docs/security.md). */
export interface HttpTimeouts {
  /** No byte in either direction for this long ends the connection: a body that stalls mid-way, a silent client. */
  idleMs: number;
  /** The request line and headers must all arrive within this. */
  headersMs: number;
  /** The whole request, body included. Sized for the largest upload on a slow link. */
  requestMs: number;
  /** An idle keep-alive connection between two requests. Above nginx's 60 s upstream default, so the proxy closes first. */
  keepAliveMs: number;
}

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

function isoWithOffset(name: string) {
  return (
    z
      .string()
      .trim()
      // Read before the conference file: the example is no conference's.
      .refine(isIsoWithOffset, DEADLINE_MESSAGES.notIsoWithOffset(name, '2030-10-15T23:59:59+01:00'))
      .transform(withColonOffset)
      .optional()
  );
}

/** The dates the site keeps until an admin changes them (ABSTRACT_DEADLINE, CONFERENCE_STARTS...): ISO 8601 with an offset. */
const conferenceDatesEnvShape = Object.fromEntries(
  Object.values(CONFERENCE_DATE_VARIABLES).map((name) => [name, isoWithOffset(name)]),
) as Record<ConferenceDateVariable, ReturnType<typeof isoWithOffset>>;

const envSchema = z.object({
  ...conferenceDatesEnvShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /**
   * The conference's YAML file (docs/operations.md, "The conference"), the built-in default without
   * it; its public pages' texts are in `content/` beside it.
   */
  CONFERENCE_FILE: z.string().optional(),
  /** Overrides the conference file's basePath. */
  BASE_PATH: z
    .string()
    .regex(/^\/[A-Za-z0-9_-]+$/, 'BASE_PATH must be a path of one segment, such as /conference2030')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Without it, the site's own port on localhost (defaultPublicUrl). */
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  /** Defaults to the conference's short name at no-reply@localhost. */
  MAIL_FROM: z.string().optional(),
  ADMIN_EMAIL: emailSchema.optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(LIMITS.adminPasswordMin, MESSAGES.adminPasswordTooShort)
    .max(LIMITS.passwordMax)
    .optional(),
  /** Base32 TOTP secret given to the ADMIN_EMAIL admin, so automation can sign in with a code from the start. */
  ADMIN_TOTP_SECRET: z
    .string()
    .transform((v) => v.replace(/[\s=]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z2-7]{16,128}$/, 'ADMIN_TOTP_SECRET must be base32 (A-Z, 2-7), at least 16 characters'))
    .optional(),
  /** Two-factor sign-in is required of every admin unless this is false (a test or demo instance). */
  ADMIN_MFA_REQUIRED: z.enum(['true', 'false', '1', '0']).optional(),
  REVIEWER_MFA_REQUIRED: z.enum(['true', 'false', '1', '0']).optional(),
  REGISTRATION_OPEN: booleanFlag,
  /** Comma-separated proxy addresses or CIDRs whose X-Forwarded-For is trusted. */
  TRUST_PROXY: z.string().optional(),
  /** Multiplies every per-address rate limit; a test suite sending everything from 127.0.0.1 raises it. */
  IP_RATE_LIMIT_FACTOR: z.coerce.number().positive().max(10_000).default(1),
  /** Built client to serve; defaults to dist/client of this checkout. */
  CLIENT_DIR: z.string().optional(),
  NODE_ENV: z.string().optional(),
  /** Everything one author stores (abstracts, full papers, chat attachments, every version). */
  USER_STORAGE_QUOTA_MB: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** Uploads are refused (507) while the data volume has less free space than this. */
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).max(10_000_000).default(1024),
  /** One log line per request; on by default in production only, where an operator reads them. */
  LOG_REQUESTS: z.enum(['true', 'false', '1', '0']).optional(),
  /** Printed on the Book of Abstracts' cover. */
  BOOK_ISBN: z.string().trim().max(40).default('To be announced'),
  /** The letters' letterhead: the issuing body, then its address lines separated by "|". */
  /** Defaults to "<short name> Organising Committee", then the conference's venue. */
  LETTERHEAD_ORGANISATION: z.string().trim().max(200).optional(),
  LETTERHEAD_LINES: z.string().trim().max(1000).optional(),
  LETTER_SIGNATORY_NAME: z.string().trim().max(200).default('The Organising Secretary'),
  /** Under the name, e.g. "Organising Secretary" and the conference's name; left out when empty. */
  LETTER_SIGNATORY_ROLE: z.string().trim().max(200).default(''),
  /** Minutes after every deadline during which an author step is still taken (HotCRP's grace period). */
  DEADLINE_GRACE_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where uploaded files live: DATA_DIR/files (one server) or an S3-compatible bucket (any number). */
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'S3_BUCKET must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag,
});

export type FileStoreConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      endpoint?: string;
      bucket: string;
      region: string;
      credentials?: { accessKeyId: string; secretAccessKey: string };
      forcePathStyle: boolean;
    };

export interface AppConfig {
  /** Who the conference is (CONFERENCE_FILE or the built-in default), set for the whole server at start. */
  conference: Conference;
  port: number;
  host: string;
  basePath: string;
  dataDir: string;
  /**
   * The edition's configuration file (CONFERENCE_FILE): the public pages' texts are read from
   * `content/` beside it; without it, from the project's own content/ (the default edition).
   */
  conferenceFile?: string;
  /** PostgreSQL server; when absent the embedded PGlite database lives in dataDir. */
  databaseUrl?: string;
  /** Embedded database in memory only (tests). */
  inMemoryDatabase?: boolean;
  publicUrl: string;
  /** PUBLIC_URL was not set: publicUrl is defaultPublicUrl of the port served (PORT=0 picks it at listen). */
  publicUrlFollowsPort?: boolean;
  smtpUrl?: string;
  mailFrom: string;
  adminEmail?: string;
  adminPassword?: string;
  adminTotpSecret?: string;
  /** Admins must sign in with a second factor (and enrol one before anything else). */
  adminMfaRequired: boolean;
  /** Committee members too must have two-factor sign-in on to use the member routes. */
  reviewerMfaRequired: boolean;
  registrationOpen: boolean;
  trustProxy?: string[];
  ipRateLimitFactor: number;
  /** NODE_ENV=production: secrets never go to the log and mail must really be sent. */
  production: boolean;
  userStorageQuotaBytes: number;
  minFreeDiskBytes: number;
  logRequests: boolean;
  logLevel: string;
  /** Other limits of the live update streams (tests); production uses LIVE_LIMITS (modules/live-events). */
  liveLimits?: Partial<
    Record<
      'heartbeatMs' | 'retryMs' | 'streamsPerSession' | 'streamsPerAddress' | 'maxBufferedBytes' | 'recentEvents',
      number
    >
  >;
  /** Shorter waits on slow clients (tests); production uses HTTP_TIMEOUTS. */
  httpTimeouts?: Partial<HttpTimeouts>;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** Directory of the built client; pages are served from it when it exists. */
  clientDir?: string;
  /**
   * The module that renders the public pages to HTML (src/client/entry-server.tsx); by default the
   * server bundle built beside the client (`ssr/entry-server.js` next to clientDir), when it exists.
   */
  pageRendererModule?: string;
  /** Collects the OpenAPI description of every route (for docs/api.md; never in a served app). */
  describeApi?: boolean;
  fileStore: FileStoreConfig;
  /** What the organisers' documents print: the book's ISBN, the letters' letterhead and signature. */
  documents: DocumentsConfig;
  /** The configured dates (before any admin change); the others are the announced defaults. */
  conferenceDates: Partial<Record<ConferenceDateKey, string>>;
  deadlineGraceMs: number;
  /** The clock every rule reads; tests inject one instead of sleeping. */
  now?: () => Date;
}

function fileStoreOf(e: z.infer<typeof envSchema>): FileStoreConfig {
  if (e.FILE_STORE === 'local') return { kind: 'local' };
  if (!e.S3_BUCKET) throw new Error('Invalid configuration: FILE_STORE=s3 needs S3_BUCKET');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new Error('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

export interface DocumentsConfig {
  isbn: string;
  letterhead: { organisation: string; lines: string[] };
  signature: { name: string; role: string };
}

/** The address used in e-mails when PUBLIC_URL is not set: this machine, on the port the site serves. */
export function defaultPublicUrl(port: number): string {
  return `http://localhost:${port}`;
}

/** Parses the environment once at start and fails fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new Error('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (e.ADMIN_TOTP_SECRET && !e.ADMIN_EMAIL) {
    throw new Error('Invalid configuration: ADMIN_TOTP_SECRET belongs to the admin of ADMIN_EMAIL and ADMIN_PASSWORD');
  }
  const configured = e.CONFERENCE_FILE ? readConferenceFile(e.CONFERENCE_FILE) : DEFAULT_CONFERENCE;
  // BASE_PATH moves the site: the conference the pages carry names where it is served, so the
  // client's router and API calls follow it (plugins/client-pages.ts).
  const conference = e.BASE_PATH ? { ...configured, basePath: e.BASE_PATH } : configured;
  const production = e.NODE_ENV === 'production';
  if (production && !e.SMTP_URL) {
    // Without mail, password-reset links go to the log, where a production log store would keep them.
    throw new Error(
      'Invalid configuration: SMTP_URL is required when NODE_ENV=production (password-reset links must be mailed, never logged)',
    );
  }
  return {
    conference,
    port: e.PORT,
    host: e.HOST,
    basePath: conference.basePath,
    dataDir: e.DATA_DIR,
    conferenceFile: e.CONFERENCE_FILE,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? defaultPublicUrl(e.PORT)).replace(/\/+$/, ''),
    publicUrlFollowsPort: e.PUBLIC_URL === undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${conference.shortName} <no-reply@localhost>`,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    adminTotpSecret: e.ADMIN_TOTP_SECRET,
    adminMfaRequired:
      e.ADMIN_MFA_REQUIRED === undefined || e.ADMIN_MFA_REQUIRED === 'true' || e.ADMIN_MFA_REQUIRED === '1',
    reviewerMfaRequired: e.REVIEWER_MFA_REQUIRED === 'true' || e.REVIEWER_MFA_REQUIRED === '1',
    registrationOpen: e.REGISTRATION_OPEN,
    trustProxy: e.TRUST_PROXY?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    ipRateLimitFactor: e.IP_RATE_LIMIT_FACTOR,
    production,
    userStorageQuotaBytes: e.USER_STORAGE_QUOTA_MB * 1024 * 1024,
    minFreeDiskBytes: e.MIN_FREE_DISK_MB * 1024 * 1024,
    logRequests: e.LOG_REQUESTS === undefined ? production : e.LOG_REQUESTS === 'true' || e.LOG_REQUESTS === '1',
    logLevel: e.LOG_LEVEL,
    clientDir: e.CLIENT_DIR,
    fileStore: fileStoreOf(e),
    documents: {
      isbn: e.BOOK_ISBN,
      letterhead: {
        organisation: e.LETTERHEAD_ORGANISATION ?? `${conference.shortName} Organising Committee`,
        lines: (e.LETTERHEAD_LINES ?? conference.venue)
          .split('|')
          .map((line) => line.trim())
          .filter(Boolean),
      },
      signature: { name: e.LETTER_SIGNATORY_NAME, role: e.LETTER_SIGNATORY_ROLE },
    },
    conferenceDates: Object.fromEntries(
      CONFERENCE_DATE_KEYS.flatMap((key) => {
        const value = e[CONFERENCE_DATE_VARIABLES[key]];
        return value === undefined ? [] : [[key, value]];
      }),
    ),
    deadlineGraceMs: e.DEADLINE_GRACE_MINUTES * 60_000,
  };
}
