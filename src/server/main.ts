import { existsSync } from 'node:fs';
import { BUILT_CLIENT_DIR } from './project-paths.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { ensureAdmin } from './modules/first-admin/first-admin.service.ts';
import { startupBanner } from './startup-banner.ts';
import { removeStaleScratch } from './ops/backup.ts';
import { sweepTempFiles, UPLOAD_IN_PROGRESS_MS } from './ops/integrity.ts';
import { filesDirOf } from './storage/file-store.ts';

const loaded = loadConfig();
const clientDir = loaded.clientDir ?? BUILT_CLIENT_DIR;
const config = { ...loaded, clientDir };
const app = await buildApp(config);
if (!existsSync(clientDir)) app.log.warn('No built client found: run `npm run build` to serve the pages.');

// This process holds DATA_DIR now (buildApp claimed it), so every temporary upload file was
// left by an earlier process that stopped or was killed mid-upload, and so was every backup
// scratch directory, except one of a backup beside the server on PostgreSQL.
const swept = await sweepTempFiles(filesDirOf(config.dataDir));
if (swept.removed.length > 0)
  app.log.warn(`Removed ${swept.removed.length} half-written upload(s) left by an earlier run.`);
const scratch = await removeStaleScratch(config.dataDir, config.databaseUrl ? UPLOAD_IN_PROGRESS_MS : 0);
if (scratch.length > 0)
  app.log.warn(`Removed ${scratch.length} scratch directory(ies) of an interrupted backup or restore.`);

const admin = await ensureAdmin(app.ctx);
if (!config.adminMfaRequired) {
  app.log.warn(
    'ADMIN_MFA_REQUIRED=false: organizers can sign in with a password alone. Use this only for a test or demo instance.',
  );
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    app
      .close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  });
}

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
// Plain text on standard output, outside the JSON log, so the generated password never reaches a log store's index.
process.stdout.write(startupBanner(config, port, admin));
