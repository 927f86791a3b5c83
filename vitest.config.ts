import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // @client/, @server/ and @shared/ of tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // As the server's app and the client's entry do: field messages for any schema parsed in a test,
    // and the conference configured (the default).
    setupFiles: ['src/shared/schemas/field-messages.ts', 'src/server/test/default-conference-setup.ts'],
    // Vitest keeps a core for itself by default: one worker on a 2-core machine. Its own work is
    // light and the tests wait on databases, sockets and child processes: a file on every core.
    maxWorkers: os.availableParallelism(),
    // Files share their worker's loaded modules instead of loading the app again each: the import
    // phase took 185 of 413 s on 2 cores, 16 of 227 s without isolation (docs/performance.md).
    // Every test builds its own app and database, so no state crosses files through a module.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
