import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded at its first use rather than at start, for code that cannot wait for an
 * `import()` (a plain function called from many places). Each package imported at start is read
 * and run by every restart before the server answers: 10-60 ms of processor time apiece for those
 * a start never uses (docs/performance.md, "Restart time"). The package needs a CommonJS entry.
 */
export function loadedWhenUsed<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
