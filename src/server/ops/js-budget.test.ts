import { describe, expect, it } from 'vitest';
import { CLIENT_PAGES, NOT_FOUND_PAGE } from '@shared/client-routes.ts';
import { PUBLIC_BUDGET, reportBudgets, routeWeights, SIGNED_IN_BUDGET } from '@scripts/js-budget.ts';

type Manifest = Parameters<typeof routeWeights>[0];

/** A build's manifest: the entry with the libraries and the shell, every page a chunk on the libraries. */
function manifestWith(pageChunk: (page: string) => Manifest[string]): Manifest {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js', '_shell.js'] },
    '_vendor.js': { file: 'assets/vendor.js' },
    '_shell.js': { file: 'assets/shell.js', imports: ['_vendor.js'] },
    '_forms.js': { file: 'assets/forms.js', imports: ['_vendor.js'] },
    '_shell.css': { file: 'assets/shell.css' },
  };
  for (const page of [...new Set(Object.values(CLIENT_PAGES)), NOT_FOUND_PAGE])
    manifest[`src/client/app/pages/${page}.tsx`] = pageChunk(page);
  return manifest;
}

const SIZES: Record<string, number> = {
  'assets/index.js': 1_000,
  'assets/vendor.js': 80_000,
  'assets/shell.js': 15_000,
  'assets/forms.js': 38_000,
  'assets/shell.css': 9_999_999,
};
const sizeOf = (file: string) => SIZES[file] ?? 3_000;
const silent = { log: () => {}, error: () => {} };

describe('the JavaScript budget per route', () => {
  it("counts the entry's and the page's static imports once each, not their lazy parts nor styles", () => {
    const manifest = manifestWith((page) => ({
      file: `assets/${page}.js`,
      imports: ['_vendor.js', '_shell.js'],
      // A lazy part (dynamicImports) is fetched after the first paint.
      dynamicImports: ['_forms.js'],
    }));
    const weights = routeWeights(manifest, sizeOf);
    const about = weights.find((weight) => weight.route === '/about')!;
    expect(about.bytes).toBe(1_000 + 80_000 + 15_000 + 3_000);
    expect(about.files).not.toContain('assets/forms.js');
    expect(about.files).not.toContain('assets/shell.css');
    expect(weights.find((weight) => weight.route === '(not found)')).toBeDefined();
  });

  it("gives an organiser's and an author's pages the signed-in budget, a visitor's the public one", () => {
    const weights = routeWeights(
      manifestWith((page) => ({ file: `assets/${page}.js` })),
      sizeOf,
    );
    const budgetOf = (route: string) => weights.find((weight) => weight.route === route)!.budget;
    for (const route of ['/admin', '/admin/paper/:paperId', '/profile', '/submit-full-paper/:paperId', '/reviews'])
      expect(budgetOf(route), route).toBe(SIGNED_IN_BUDGET);
    for (const route of ['/', '/schedule', '/login', '/registration', '/verify-letter/:code', '(not found)'])
      expect(budgetOf(route), route).toBe(PUBLIC_BUDGET);
  });

  it('fails the build when a page loads its form libraries before its first paint, and only then', () => {
    const lazyForms = routeWeights(
      manifestWith((page) => ({ file: `assets/${page}.js`, dynamicImports: ['_forms.js'] })),
      sizeOf,
    );
    expect(reportBudgets(lazyForms, true, silent)).toBe(0);

    const formsFirst = routeWeights(
      manifestWith((page) => ({
        file: `assets/${page}.js`,
        imports: page === 'author/login-page' ? ['_forms.js'] : [],
      })),
      sizeOf,
    );
    const errors: string[] = [];
    expect(reportBudgets(formsFirst, true, { log: () => {}, error: (line: string) => errors.push(line) })).toBe(1);
    expect(errors.join('\n')).toContain('/login');
    expect(reportBudgets(formsFirst, false, silent)).toBe(0);
  });

  it('refuses a manifest without an entry or without a page', () => {
    expect(() => routeWeights({}, sizeOf)).toThrow(/no entry chunk/);
    const manifest = manifestWith((page) => ({ file: `assets/${page}.js` }));
    delete manifest['src/client/app/pages/author/profile-page.tsx'];
    expect(() => routeWeights(manifest, sizeOf)).toThrow(/profile-page/);
  });
});
