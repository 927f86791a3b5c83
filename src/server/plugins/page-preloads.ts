import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CLIENT_PAGES, type ClientPage, NOT_FOUND_PAGE } from '@shared/client-routes.ts';

/** One chunk of Vite's build manifest (`build.manifest`), as far as preloading reads it. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type BuildManifest = Record<string, ManifestChunk>;

/** Where the page modules sit in the manifest's keys (paths from the project root). */
const PAGE_SOURCE_DIR = 'src/client/app/pages';

/**
 * The <link> tags that fetch a page's own code with the shell, per page module. Without them the
 * browser learns of a page's chunk only once the entry chunk has run its router, one round trip
 * after the entry: on a phone's connection the page's first paint waits for both in a row.
 * Empty without a manifest (a build without one, or the tests' bare shells).
 */
export function readPagePreloads(clientDir: string, basePath: string): Map<ClientPage, string> {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  const preloads = new Map<ClientPage, string>();
  if (!existsSync(manifestPath)) return preloads;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest;

  const chunksOf = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) chunksOf(imported, into);
    return into;
  };
  // The entry and what it imports are already in the shell (its script and Vite's own preloads).
  const inShell = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) chunksOf(key, inShell);

  const href = (file: string) => `${basePath}/${file}`;
  for (const page of new Set<ClientPage>([...Object.values(CLIENT_PAGES), NOT_FOUND_PAGE])) {
    const key = `${PAGE_SOURCE_DIR}/${page}.tsx`;
    if (!manifest[key]) continue;
    const chunks = [...chunksOf(key, new Set())]
      .filter((chunk) => !inShell.has(chunk))
      .map((chunk) => manifest[chunk]!);
    const links = [
      ...chunks
        .flatMap((chunk) => chunk.css ?? [])
        .map((file) => `<link rel="stylesheet" crossorigin href="${href(file)}">`),
      ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="${href(chunk.file)}">`),
    ];
    preloads.set(page, links.join('\n'));
  }
  return preloads;
}
