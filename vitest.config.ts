import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // As the server's app and the client's entry do: field messages for any schema parsed in a test.
    setupFiles: ['src/shared/schemas/field-messages.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
