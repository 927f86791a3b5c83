// `npm run build`: the client with Vite into dist/client (and its server renderer of the public
// pages into dist/ssr), then the server compiled to one
// plain-JavaScript module, dist/server/main.js, so that a start needs no TypeScript loader
// (packages stay imports of node_modules; only the project's code is bundled), and the empty
// embedded database a first start copies (dist/pglite-template, made again only for another
// PGlite). The client's scripts and styles are compressed once here, at brotli's and gzip's
// highest levels, and served as they are: 15 % fewer bytes than compressing each answer on the fly
// at the speed that allows, and no compression work per request. Last, a stamp that `npm start` compares with the sources to know whether to build again.
import { spawnSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build as buildServer } from 'esbuild';
import { build as buildClient } from 'vite';

// Vite finds its config, and the paths below are read, from the project root wherever this runs.
process.chdir(fileURLToPath(new URL('..', import.meta.url)));
// A production build whatever the caller's NODE_ENV: `npm run demo` runs the server in development
// mode, and Vite built React's development bundle under it, a third heavier than the budgets allow.
process.env.NODE_ENV = 'production';

await buildClient();
// The public pages' server renderer beside the client, dist/ssr (vite.config.ts), which the server
// imports at the first page it renders (plugins/client-pages.ts).
await buildClient({ build: { ssr: 'src/client/entry-server.tsx' }, logLevel: 'warn' });
const assetsDir = 'dist/client/assets';
const compressible = (await readdir(assetsDir)).filter((name) => /\.(js|css|svg)$/.test(name));
await Promise.all(
  compressible.map(async (name) => {
    const file = `${assetsDir}/${name}`;
    const content = await readFile(file);
    const brotli = await promisify(brotliCompress)(content, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    await writeFile(`${file}.br`, brotli);
    await writeFile(`${file}.gz`, await promisify(gzip)(content, { level: 9 }));
  }),
);
// Each route's JavaScript before its first paint against its budget (scripts/js-budget.ts).
const budget = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/js-budget.ts', 'dist/client'], {
  stdio: 'inherit',
});
if (budget.status !== 0) throw new Error('A route is over its JavaScript budget (output above).');
const server = await buildServer({
  // The server, and its worker threads: the assignment planner (modules/assignment/plan-in-worker.ts),
  // the PDF preflight (modules/preflight/preflight-pool.ts) and the payment statements' reader
  // (modules/payment-statements/read-in-worker.ts).
  entryPoints: {
    main: 'src/server/main.ts',
    'plan-worker': 'src/server/modules/assignment/plan-worker.ts',
    'preflight-worker': 'src/server/modules/preflight/preflight-worker.ts',
    'statement-worker': 'src/server/modules/payment-statements/statement-worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // What a route imports when first used (the PDF makers with pdf-lib and the fonts) becomes a
  // chunk of its own, loaded then: its packages are imported by the chunk, not at start.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
});
refuseHeavyPackagesAtStart(server.metafile, 'dist/server/main.js');
// In a process of its own, so the build's memory is not held beside initdb's.
const template = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/make-embedded-template.ts'], {
  stdio: 'inherit',
});
if (template.status !== 0) throw new Error('Making the empty embedded database failed (output above).');
// When it was built: `npm start` builds again when a source is newer (build-state.mjs). The base
// path is no part of it: the client's addresses are relative (vite.config.ts).
await writeFile('dist/.build-stamp', JSON.stringify({ builtAt: new Date().toISOString() }));

/**
 * Fails the build when the server's start imports, through any chain of static imports, a
 * package it should load only when first used (a PDF, a spreadsheet): each would add its memory
 * to every process at start (docs/performance.md, "Memory"). They are reached by dynamic
 * imports, which esbuild turns into chunks loaded then.
 */
function refuseHeavyPackagesAtStart(metafile, entry) {
  // The last six: a restart's processor time too (docs/performance.md, "Restart time").
  const LOADED_WHEN_USED = [
    'pdf-lib',
    '@pdf-lib/fontkit',
    '@pdf-lib/standard-fonts',
    'exceljs',
    'qrcode',
    'nodemailer',
    'tldts',
    'tar',
    'yazl',
    'any-ascii',
    'bowser',
  ];
  const seen = new Set();
  const queue = [entry];
  const found = new Set();
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement') continue;
      if (!imported.external) queue.push(imported.path);
      else if (LOADED_WHEN_USED.some((name) => imported.path === name || imported.path.startsWith(`${name}/`)))
        found.add(imported.path);
    }
  }
  if (found.size > 0)
    throw new Error(
      `The server's start imports ${[...found].join(', ')}: import the module that uses it with import() where it is used (or the package with lib/loaded-when-used.ts).`,
    );
}
