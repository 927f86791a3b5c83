// The architecture of docs/architecture.md, written as lint rules: a wrong import fails
// `npm run lint` (part of `npm test`) with a message naming the boundary it crosses.
// Module-level cycles are checked by scripts/module-graph.ts, which sees the whole graph.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const directoriesIn = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Server layers, lowest first: a file may import its own layer and the layers below it.
const SERVER_LAYERS = [
  { name: 'config', paths: ['config.ts', 'project-paths.ts'] },
  { name: 'storage', paths: ['storage'] },
  { name: 'db', paths: ['db'] },
  { name: 'lib', paths: ['lib'] },
  { name: 'mail', paths: ['mail'] },
  { name: 'context', paths: ['context.ts'] },
  { name: 'plugins', paths: ['plugins'] },
  { name: 'modules', paths: ['modules'] },
  { name: 'jobs', paths: ['jobs'] },
  { name: 'ops', paths: ['ops'] },
  { name: 'app', paths: ['app.ts', 'main.ts', 'startup-banner.ts', 'api-reference.ts'] },
  { name: 'test helpers', paths: ['test', 'security'] },
];

const serverLayerZones = SERVER_LAYERS.slice(0, -1).flatMap((layer, index) =>
  layer.paths.map((target) => ({
    target: `./src/server/${target}`,
    from: SERVER_LAYERS.slice(index + 1).flatMap((higher) => higher.paths.map((path) => `./src/server/${path}`)),
    message: `Server layers: ${layer.name} sits below ${SERVER_LAYERS.slice(index + 1)
      .map((higher) => higher.name)
      .join(', ')} and must not import them (docs/architecture.md).`,
  })),
);

const CLIENT_FEATURES = directoriesIn('./src/client/features/');
/** The features only organisers see; src/client/admin/ holds what they share. */
const ADMIN_FEATURES = [
  'admin-dashboard',
  'admin-review',
  'assignment',
  'auth-events',
  'author-messages',
  'committee',
  'conflicts',
  'deadlines-admin',
  'paper-reviews',
];
const AUTHOR_FEATURES = CLIENT_FEATURES.filter((feature) => !ADMIN_FEATURES.includes(feature));

const featureZones = CLIENT_FEATURES.map((feature) => ({
  target: `./src/client/features/${feature}`,
  from: './src/client/features',
  except: [`./${feature}`],
  message:
    'Client features do not import each other: move what two features share to components/ or lib/ (docs/architecture.md).',
}));

const boundaryZones = [
  {
    target: './src/shared',
    from: ['./src/server', './src/client'],
    message: 'src/shared imports nothing from the server or the client (docs/architecture.md).',
  },
  {
    target: './src/client',
    from: './src/server',
    message: 'The client never imports the server: share through src/shared (docs/architecture.md).',
  },
  {
    target: './src/server',
    from: './src/client',
    message: 'The server never imports the client: share through src/shared (docs/architecture.md).',
  },
  {
    target: ['./src/client/components', './src/client/lib', './src/client/content', './src/client/admin'],
    from: ['./src/client/features', './src/client/app'],
    message: 'components/, lib/, content/ and admin/ sit below features and pages and must not import them.',
  },
  {
    target: ['./src/client/components', './src/client/lib', './src/client/content'],
    from: './src/client/admin',
    message: "admin/ holds what the organisers' features share; what everyone uses does not import it.",
  },
  {
    target: AUTHOR_FEATURES.map((feature) => `./src/client/features/${feature}`).concat(
      './src/client/app/pages/public',
      './src/client/app/pages/author',
    ),
    from: './src/client/admin',
    message: "admin/ is for the organisers' features and pages; authors' and public code does not import it.",
  },
  {
    target: './src/client/features',
    from: './src/client/app',
    message: 'Features sit below the pages of app/ and must not import them.',
  },
];

// One way to write a path: within a folder and its parent, relative; further, by its alias.
const NO_CLIMBING = {
  regex: '^(\\.\\./){2,}',
  message: 'Import from two folders up or further through @client/, @server/ or @shared/ (tsconfig.json).',
};

const DRIZZLE_ONLY_IN_REPOSITORIES = {
  paths: [{ name: 'drizzle-orm', message: 'Only repositories (*.repository.ts) and db/ write queries.' }],
  patterns: [
    NO_CLIMBING,
    { group: ['drizzle-orm/*'], message: 'Only repositories (*.repository.ts) and db/ write queries.' },
    {
      group: ['**/db/schema/*', '**/db/schema'],
      message: 'Only repositories (*.repository.ts) and db/ read the tables.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'drizzle/',
      'data/',
      '.e2e-data/',
      'test-results/',
      'playwright-report/',
      'screenshots/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // A CommonJS file exists only where a tool loads one by path (autocannon's workers): it requires.
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    // Resolves @client/, @server/ and @shared/ (tsconfig.json), so the zones judge where an import lands.
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Several checks refuse control characters in input on purpose.
      'no-control-regex': 'off',
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones, ...featureZones] }],
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:', '\\?(raw|url)$'] }],
      'no-restricted-imports': ['error', { patterns: [NO_CLIMBING] }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Components and pages reach the server only through their feature's api module (*-api.ts):
    // one hook per endpoint, under the central query keys, never a request typed in a component.
    files: ['src/client/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: [
                'useQuery',
                'useQueries',
                'useSuspenseQuery',
                'useInfiniteQuery',
                'useMutation',
                'useMutationState',
                'useQueryClient',
                'queryOptions',
                'infiniteQueryOptions',
              ],
              message:
                "Queries and mutations live in their feature's *-api.ts module, one hook per endpoint (docs/architecture.md).",
            },
          ],
          patterns: [
            NO_CLIMBING,
            {
              group: ['**/lib/api.ts', './api.ts'],
              importNames: ['api', 'upload', 'apiFile'],
              message: "Components call the server through their feature's *-api.ts hooks (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests and test helpers reach across layers on purpose: they build whole worlds.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/test/**', 'src/server/security/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaryZones, ...serverLayerZones] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/**/*.repository.ts',
      'src/server/db/**',
      'src/server/mail/mail-outbox.ts',
      'src/server/ops/**',
      'src/server/**/*.test.ts',
      'src/server/test/**',
      'src/server/security/**',
    ],
    rules: { 'no-restricted-imports': ['error', DRIZZLE_ONLY_IN_REPOSITORIES] },
  },
  prettier,
);
