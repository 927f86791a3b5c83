import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { SECOND_EDITION_FILE, secondEdition } from './e2e/conference.ts';
import { E2E_ADMIN } from './e2e/fixtures/accounts.ts';
import { E2E_SMTP_PORT } from './e2e/fixtures/ports.ts';
import { OPEN_DEADLINES_ENV } from './src/server/test/open-deadlines.ts';

// Ports and data directories come from scripts/run-e2e.mjs, which picks free ones.
const port = Number(process.env.E2E_PORT ?? 4173);
const closedPort = Number(process.env.E2E_CLOSED_PORT ?? 4174);
const siteWidePort = Number(process.env.E2E_SITE_WIDE_PORT ?? 4176);
const secondEditionPort = Number(process.env.E2E_SECOND_EDITION_PORT ?? 4178);
/** The open site's mail goes here, where nothing listens: the mail specs listen on the site-wide server's port. */
const openSmtpPort = Number(process.env.E2E_OPEN_SMTP_PORT ?? 4177);
/** The closed-registration server starts with this abstract deadline, long past. */
const CLOSED_ABSTRACT_DEADLINE = '2025-10-15T23:59:59+05:30';

const serverEnv = (
  p: number,
  dataDir: string,
  registrationOpen: boolean,
  smtpUrl: string,
  deadlines: Record<string, string>,
) => ({
  PORT: String(p),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${p}`,
  REGISTRATION_OPEN: String(registrationOpen),
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  ADMIN_TOTP_SECRET: E2E_ADMIN.totpSecret,
  LOG_LEVEL: 'warn',
  // Every browser and API call of the suite comes from 127.0.0.1: one address, many users.
  IP_RATE_LIMIT_FACTOR: '50',
  SMTP_URL: smtpUrl,
  DATABASE_URL: '',
  ...deadlines,
});

/**
 * Specs that change or count what the whole site holds, run one at a time on a server of their own
 * (beside the other specs, which keep the open site's server): the
 * conference's dates (a paper submitted meanwhile would be refused), the dashboard's totals and
 * latest submissions, the mail outbox a reset link or an invitation must get through at once,
 * the published programme (the public schedule's empty state is checked before it), and the
 * e-mail templates (an edited decision e-mail is the site's for as long as the spec runs), and the
 * certificates (the conference is over while the spec runs).
 */
const SITE_WIDE_SPECS =
  /\/(deadlines|dashboard|review-integrity|password-reset|committee|committee-notices|programme|mail-templates|decision-release|author-response|certificates)\.spec\.ts$/;

/** The main journeys once more, on a server running another conference from its file, the same build. */
const SECOND_EDITION_SPECS = /\/second-edition\//;

/**
 * As many test files at once as the host carries: one per core, and no more than its free memory
 * holds, at about 600 MB per worker (its Chromium with a page, axe and a trace) once the four servers
 * and the build have their 1.8 GB. E2E_WORKERS sets it.
 */
const MEMORY_PER_WORKER = 600 * 1024 ** 2;
const MEMORY_FOR_SERVERS = 1.8 * 1024 ** 3;
const workers =
  Number(process.env.E2E_WORKERS) ||
  Math.max(1, Math.min(os.availableParallelism(), Math.floor((os.freemem() - MEMORY_FOR_SERVERS) / MEMORY_PER_WORKER)));

/** Specs of a site without a mail server: they run against the closed-registration server, which has none. */
const NO_MAIL_SERVER_SPECS = /\/admin\/outbox\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  // Test files share the server (each file's tests in order, unless the file asks for parallel
  // mode); SITE_WIDE_SPECS one at a time on their own server, beside the others.
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // Safety nets, not measurements: generous enough for a shared machine running two or three times slower.
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${port}/ictacem2025/`,
    // A trace snapshots the page at every action, a cost every passing test paid: in CI only a
    // failed test's retry records one; locally a failing test keeps the trace of its run.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // First, so that a worker starts on their one-at-a-time chain at once (a worker takes the first
    // file in this order whose project has a worker to spare) and the other specs share what is left.
    {
      name: 'site-wide',
      testMatch: SITE_WIDE_SPECS,
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${siteWidePort}/ictacem2025/` },
    },
    {
      name: 'open-registration',
      testIgnore: [/closed-registration/, NO_MAIL_SERVER_SPECS, SITE_WIDE_SPECS, SECOND_EDITION_SPECS],
    },
    {
      name: 'closed-registration',
      testMatch: [/closed-registration/, NO_MAIL_SERVER_SPECS],
      use: { baseURL: `http://127.0.0.1:${closedPort}/ictacem2025/` },
    },
    {
      name: 'second-edition',
      testMatch: SECOND_EDITION_SPECS,
      use: { baseURL: `http://127.0.0.1:${secondEditionPort}${secondEdition.basePath}/` },
    },
    // PNGs of every page for `npm run screenshots`; only then, so `npm test` never spends the time.
    // Each test is named after its page; a trace of each would only slow the pictures down.
    ...(process.env.SCREENSHOTS === '1'
      ? [{ name: 'screenshots', testMatch: /\.screenshots\.ts$/, use: { trace: 'off' as const } }]
      : []),
  ],
  webServer: [
    {
      command: 'npx tsx src/server/main.ts',
      url: `http://127.0.0.1:${port}/ictacem2025/`,
      // Authors submit whatever today is; e2e/author/deadlines.spec.ts moves the dates it tests.
      env: serverEnv(
        port,
        process.env.E2E_DATA_DIR ?? '.e2e-data/open',
        true,
        `smtp://127.0.0.1:${openSmtpPort}`,
        OPEN_DEADLINES_ENV,
      ),
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'npx tsx src/server/main.ts',
      url: `http://127.0.0.1:${siteWidePort}/ictacem2025/`,
      // The open site's twin for SITE_WIDE_SPECS: what they change (the dates, the programme, the
      // templates) and count (the totals, the outbox) is theirs alone while the other specs run.
      env: serverEnv(
        siteWidePort,
        process.env.E2E_SITE_WIDE_DATA_DIR ?? '.e2e-data/site-wide',
        true,
        `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
        OPEN_DEADLINES_ENV,
      ),
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'npx tsx src/server/main.ts',
      url: `http://127.0.0.1:${closedPort}/ictacem2025/`,
      // As the site ships, with the abstract deadline set in the past (closed-registration.spec.ts) and
      // no mail server (admin/outbox.spec.ts).
      env: serverEnv(closedPort, process.env.E2E_CLOSED_DATA_DIR ?? '.e2e-data/closed', false, '', {
        ABSTRACT_DEADLINE: CLOSED_ABSTRACT_DEADLINE,
      }),
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'npx tsx src/server/main.ts',
      url: `http://127.0.0.1:${secondEditionPort}${secondEdition.basePath}/`,
      // Another conference from its file (its name, base path, clock, themes, modes and pages'
      // texts), served by the same build as the others: nothing of it is compiled into the client.
      env: {
        ...serverEnv(
          secondEditionPort,
          process.env.E2E_SECOND_EDITION_DATA_DIR ?? '.e2e-data/second-edition',
          true,
          `smtp://127.0.0.1:${openSmtpPort}`,
          OPEN_DEADLINES_ENV,
        ),
        CONFERENCE_FILE: SECOND_EDITION_FILE,
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
