import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { ensureAdmin } from './modules/users/users.service.ts';
import { removeStaleScratch } from './ops/backup.ts';
import { sweepTempFiles, UPLOAD_IN_PROGRESS_MS } from './ops/integrity.ts';
import { filesDirOf } from './storage/file-store.ts';

const loaded = loadConfig();
const clientDir = loaded.clientDir ?? fileURLToPath(new URL('../../dist/client', import.meta.url));
const config = { ...loaded, clientDir };
const app = await buildApp(config);
if (!existsSync(clientDir)) app.log.warn('No built client found: run `npm run build` to serve the pages.');

// This process holds DATA_DIR now (buildApp claimed it), so every temporary upload file was
// left by an earlier process that stopped or was killed mid-upload, and so was every backup
// scratch directory, except one of a backup beside the server on PostgreSQL.
const swept = await sweepTempFiles(filesDirOf(config.dataDir));
if (swept.removed.length > 0) app.log.warn(`Removed ${swept.removed.length} half-written upload(s) left by an earlier run.`);
const scratch = await removeStaleScratch(config.dataDir, config.databaseUrl ? UPLOAD_IN_PROGRESS_MS : 0);
if (scratch.length > 0) app.log.warn(`Removed ${scratch.length} scratch directory(ies) of an interrupted backup or restore.`);

const admin = await ensureAdmin(app.ctx);
if (admin?.generatedPassword) {
  // Printed once, on the first start only, so the organizer can sign in and change it.
  app.log.warn(
    `Created the first admin account: ${admin.email} with password ${admin.generatedPassword} ` +
      '(set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own).',
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
app.log.info(`Serving ${config.basePath}/ on port ${config.port} (database: ${config.databaseUrl ? 'PostgreSQL' : 'embedded'})`);
