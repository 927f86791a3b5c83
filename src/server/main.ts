import { existsSync } from 'node:fs';
import v8 from 'node:v8';
import { BUILT_CLIENT_DIR } from './project-paths.ts';
import { buildApp } from './app.ts';
import { defaultPublicUrl, loadConfig } from './config.ts';
import { ensureAdmin } from './modules/first-admin/first-admin.service.ts';
import { startupBanner } from './startup-banner.ts';
import { adminDeadlines } from './modules/deadlines/deadlines.service.ts';
import { removeStaleScratch } from './ops/backup.ts';
import { StorageUnavailableError, UPLOAD_IN_PROGRESS_MS } from './storage/file-store.ts';

// V8 lets the heap grow to several times what is live before it collects (up to four times on
// a machine with gigabytes to spare), so one 100,000-row export left the server 60-90 MB larger
// for good. Growing by a quarter over what is live keeps the old generation within about 20 MB
// of it, for about a tenth more of the export's time. The young generation stays at its first
// size instead of doubling: once idle, V8 gives it back, and an export grew it again by two
// 16 MB halves. Both are read at every collection (docs/performance.md, "Memory").
const HEAP_GROWING_PERCENT = 25;
v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
v8.setFlagsFromString('--semi-space-growth-factor=1');

// Until the server listens, a timer keeps Node's event loop busy. Whenever the loop has nothing
// left to wait for (the start awaiting work on V8's threads: PGlite's WebAssembly compiled in the
// background), Node waits for every background task V8 has queued before it goes on, the
// optimising compilations of PGlite's hot functions among them: 0.4-1.1 s of a restart spent
// waiting for work nobody had asked for yet (docs/performance.md, "Restart time").
const startKeepAlive = setInterval(() => undefined, 60_000);

const loaded = loadConfig();
const clientDir = loaded.clientDir ?? BUILT_CLIENT_DIR;
const config = { ...loaded, clientDir };
const app = await buildApp(config).catch((error: unknown) => {
  // What the operator must fix (a bucket, its key): the message alone says it.
  if (!(error instanceof StorageUnavailableError)) throw error;
  process.stderr.write(`The site cannot start: ${error.message}\n`);
  process.exit(1);
});
if (!existsSync(clientDir)) app.log.warn('No built client found: run `npm run build` to serve the pages.');

// With the embedded database this process holds DATA_DIR now (buildApp claimed it), so every
// half-received upload and backup scratch directory there was left by an earlier process. On
// PostgreSQL other servers (and a backup) may share it: only what nobody has touched for an
// hour is a leftover.
const leftoverAge = config.databaseUrl ? UPLOAD_IN_PROGRESS_MS : 0;
const swept = await app.ctx.store.sweepIncomplete(leftoverAge);
if (swept.removed.length > 0)
  app.log.warn(`Removed ${swept.removed.length} half-written upload(s) left by an earlier run.`);
const scratch = await removeStaleScratch(config.dataDir, leftoverAge);
if (scratch.length > 0)
  app.log.warn(`Removed ${scratch.length} scratch directory(ies) of an interrupted backup or restore.`);

const admin = await ensureAdmin(app.ctx);
if (!config.adminMfaRequired) {
  app.log.warn(
    'ADMIN_MFA_REQUIRED=false: organizers can sign in with a password alone. Use this only for a test or demo instance.',
  );
}

/**
 * How long a shutdown waits for the requests still running (an upload still arriving), the mail
 * being sent and the database. A supervisor's stop timeout is 10 s (docs/operations.md): this
 * leaves it a margin, so it never has to kill the process.
 */
const SHUTDOWN_GRACE_MS = 8_500;

// The operator's `kill -HUP`: the public pages' texts are read again (a file that cannot be used
// leaves the texts in force, and the log says why).
process.on('SIGHUP', () => void app.siteContent.reload(app.log));

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) {
      // A second signal (Ctrl-C twice) does not wait any longer.
      app.log.warn({ inFlight: app.draining.inFlight() }, `${signal} received again, exiting now`);
      process.exit(1);
    }
    closing = true;
    const started = performance.now();
    app.log.info(`${signal} received: refusing new requests, finishing ${app.draining.inFlight().length} running`);
    // Exit 0 only when everything finished; 1 when work had to be abandoned, so the supervisor's log says so.
    setTimeout(() => {
      app.log.error(
        { inFlight: app.draining.inFlight() },
        `shutdown still busy after ${SHUTDOWN_GRACE_MS} ms: exiting without waiting for it`,
      );
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app
      .close()
      .then(() => {
        app.log.info(`closed in ${Math.round(performance.now() - started)} ms`);
        process.exit(0);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  });
}

await app.listen({ port: config.port, host: config.host });
clearInterval(startKeepAlive);
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
// PORT=0 lets the system choose: only now is the port known that e-mailed links must name.
if (config.publicUrlFollowsPort) app.ctx.config.publicUrl = defaultPublicUrl(port);
// Plain text on standard output, outside the JSON log, so the generated password never reaches a log store's index.
const { dates, sources } = await adminDeadlines(app.ctx);
process.stdout.write(
  startupBanner(config, port, admin, {
    dates,
    abstractDeadlineChangedByAdmin: sources.abstractDeadline === 'changed',
    now: app.ctx.now(),
  }),
);
