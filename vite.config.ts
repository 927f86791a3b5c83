import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const basePath = '/ictacem2025';

export default defineConfig({
  base: `${basePath}/`,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: { [`${basePath}/api`]: 'http://127.0.0.1:3000' },
  },
});
