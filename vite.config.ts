import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { DEFAULT_BASE_PATH } from './src/shared/constants.ts';

// The same BASE_PATH as the server's, so a site served elsewhere is built for that path.
const basePath = process.env.BASE_PATH || DEFAULT_BASE_PATH;

export default defineConfig({
  base: `${basePath}/`,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // Read by the server to preload each page's chunks with the page (plugins/page-preloads.ts).
    manifest: true,
  },
  server: {
    proxy: { [`${basePath}/api`]: 'http://127.0.0.1:3000' },
  },
});
