import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { readConferenceFile } from './src/server/conference-file.ts';
import { conferenceScript } from './src/shared/conference.ts';
import { DEFAULT_CONFERENCE } from './src/shared/conference/default-conference.ts';

// The development server's base path, the same as the server's (BASE_PATH, else the conference
// file's). A build has none: its addresses are relative (`base: './'` below), so one build serves
// any conference at its own base path (the server writes it into the pages, plugins/client-pages.ts).
const conferenceFile = process.env.CONFERENCE_FILE;
const conference = conferenceFile ? readConferenceFile(conferenceFile) : DEFAULT_CONFERENCE;
const basePath = process.env.BASE_PATH || conference.basePath;

/** In development the shell is Vite's: it carries the configuration as the server's does (plugins/client-pages.ts). */
const conferenceInDevelopment: Plugin = {
  name: 'conference-configuration',
  apply: 'serve',
  transformIndexHtml: (html) =>
    html.replace('</head>', () => `${conferenceScript({ ...conference, basePath })}\n</head>`),
};

const shared = {
  plugins: [react(), tailwindcss(), conferenceInDevelopment],
  // @client/, @server/ and @shared/ of tsconfig.json.
  resolve: { tsconfigPaths: true },
};

/**
 * React Router's package exports only its development build, whatever the mode (its issues 12532
 * and 14102): checks and warnings the phone runs at every navigation. A build takes the production
 * build the package ships beside it; the development server keeps the warnings.
 */
const productionReactRouter = {
  tsconfigPaths: true,
  alias: [
    {
      find: /^react-router$/,
      replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
    },
  ],
};

/**
 * The server bundle of the public pages (`vite build --ssr src/client/entry-server.tsx`), beside
 * the client in dist/ssr: React's server renderer and the rest bundled in, so it runs from wherever
 * it is built (the e2e runs' temporary folders) and the server never resolves them at start
 * (plugins/client-pages.ts loads it at the first page).
 */
const serverBundle = defineConfig({
  ...shared,
  ssr: { noExternal: true },
  // React's production build whatever NODE_ENV the server runs with: the development build renders
  // at half the speed (4.5 against 8 ms for /about).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/ssr',
    emptyOutDir: true,
    sourcemap: true,
    // The site's files are the client's; the renderer needs none of them.
    copyPublicDir: false,
  },
});

/**
 * A build's chunks find each other from their own address (import.meta.url) and its styles' fonts
 * from the style sheet's, so the files may be served under any base path: the page's own links,
 * relative in the built index.html, are made absolute by the server (plugins/client-pages.ts).
 */
export default defineConfig(({ command, isSsrBuild }) => ({
  ...(isSsrBuild ? serverBundle : clientBuild),
  ...(command === 'build' ? { resolve: productionReactRouter } : {}),
  base: command === 'build' ? './' : `${basePath}/`,
}));

const clientBuild = defineConfig({
  ...shared,
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // Read by the server to preload each page's chunks with the page (plugins/page-preloads.ts).
    manifest: true,
    // Fewer, larger chunks. Each module preload costs the phone's main thread a few milliseconds
    // before the first paint, and a signed-in page used to fetch 30 chunks of a few hundred bytes.
    // Small shared chunks are copied into the chunks that read them (the runtime keeps one module
    // state across the copies); the libraries every page runs, and the form libraries the signed-in
    // pages run, are one chunk each. Measured in docs/performance.md (Lighthouse, mobile).
    rolldownOptions: {
      preserveEntrySignatures: false,
      onLog(level, log, handler) {
        // The execution order the inlining needs wraps the stylesheet's empty JavaScript module,
        // which Tailwind's plugin leaves without a source map: nothing of ours is mapped wrong.
        if (log.code === 'SOURCEMAP_BROKEN' && log.plugin === '@tailwindcss/vite:generate:build') return;
        handler(level, log);
      },
      output: {
        codeSplitting: {
          // Chunks holding styles stay files: Vite's CSS plugin emits a style module's CSS from every
          // chunk that lists it (Rolldown's guide to this option).
          experimentalInlineCommonChunks: { maxSize: 12_000, exclude: /\.css(\?|$)/ },
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
              priority: 2,
            },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { [`${basePath}/api`]: 'http://127.0.0.1:3000' },
  },
});
