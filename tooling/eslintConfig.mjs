// The one lint of the workspace (the root eslint.config.mjs re-exports it, so `eslint <file>` works from
// the root as editors run it). Besides the usual TypeScript and React hooks rules it enforces the
// architecture: which package, app and feature folder may import which (import-x/no-restricted-paths,
// imports resolved the way TypeScript resolves them, so '@consig/shared/format' is shared/src/format),
// no import cycles, and one naming convention for files and folders.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import appList from './apps.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (...parts) => join(root, ...parts);
const dirsIn = (dir) =>
  readdirSync(at(dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// The app folders, from the one list of apps (plain CommonJS: loading it loads nothing else).
const APPS = appList.APPS.map(({ dir }) => dir);

// Test helpers: what only tests may import.
const TEST_HELPERS = [
  '**/*.test.{ts,tsx,js}',
  '**/src/test/**',
  '**/src/testing/**',
  '**/src/testing.{ts,tsx}',
  'e2e/**',
  'api/test/**',
  'tooling/test-support/**',
];

// The part of @consig/shared that is plain TypeScript (no React, no DOM, no browser state): the only part
// the API may use, and the part that must stay that way.
const PURE_SHARED = ['contracts', 'format', 'credit'];

// Inside an app's src/, every folder is a feature except these. Composition folders put features
// together (they may import any feature; no feature imports them). Support folders hold what any
// feature may use (test helpers; `lib` for app-wide code that is not a feature of its own).
const COMPOSITION_DIRS = ['app', 'layout', 'routes'];
const SUPPORT_DIRS = ['lib', 'test', 'testing'];

/** A feature folder reaches neither into a sibling feature nor up into the app's composition (its
 *  top-level files and composition folders): bulletproof-react's rule, one zone per feature. */
function featureZones(app) {
  const src = at(app, 'src');
  const dirs = dirsIn(`${app}/src`);
  const isFeature = (dir) => !COMPOSITION_DIRS.includes(dir) && !SUPPORT_DIRS.includes(dir);
  return dirs.filter(isFeature).map((feature) => ({
    target: `${src}/${feature}/**`,
    from: [
      ...dirs.filter((dir) => dir !== feature && !SUPPORT_DIRS.includes(dir)).map((dir) => `${src}/${dir}/**`),
      `${src}/!(testing).{ts,tsx}`,
    ],
    message: `A feature does not import another feature or the app's composition: compose them in ${app}/src (its top-level files, ${COMPOSITION_DIRS.join('/')}) or move what both need to ${app}/src/lib.`,
  }));
}

// The API's folders (api/src) and which others each may import: the platform (HTTP, database, sign-in, jobs,
// realtime, uploaded files) below, the features above it, each naming the features it builds on. A folder
// imports only what its entry lists (type imports included), so the graph below is the API's whole import
// graph between folders: it is checked to have no cycle, and a new folder must be given an entry.
// The top-level files compose them (app.ts, server.ts: no folder imports those); config.ts is for anyone.
const API_PLATFORM = {
  http: [],
  db: [],
  auth: ['db', 'http', 'mail', 'audit'],
  jobs: ['db'],
  realtime: ['db'],
  files: ['http'],
  mail: [],
  audit: ['db', 'http'],
};
const API_FEATURES = {
  attendant: ['queue'],
  callbacks: ['queue'],
  calls: ['clients', 'queue', 'recordings'],
  campaigns: ['imports'],
  'client-documents': ['clients'],
  clients: [],
  // The company's settings: calling hours (queue), rates (operations, lookups), numbers and the after-call limit.
  'company-settings': ['calls', 'floor', 'lookups', 'operations', 'queue', 'recordings'],
  // LGPD requests reach every table holding a person's data, and the suppression list.
  'data-subject': ['client-documents', 'clients', 'proposals', 'recordings', 'suppression'],
  fgts: ['operations'],
  floor: ['attendant', 'calls'],
  health: [],
  imports: [],
  lookups: [],
  operations: ['clients', 'lookups'],
  people: ['floor'],
  proposals: ['clients', 'lookups', 'operations'],
  queue: [],
  recordings: [],
  reports: [],
  simulations: ['clients', 'operations'],
  suppression: [],
  tickets: [],
};
const API_FOLDERS = {
  ...API_PLATFORM,
  ...Object.fromEntries(Object.entries(API_FEATURES).map(([feature, uses]) => [feature, [...Object.keys(API_PLATFORM), ...uses]])),
};
// The demo data's seed (db/seed.ts) hashes the demo users' passwords with auth/password.ts, a module that
// imports nothing of ours: the one import of a folder from a folder above it.
const API_EXCEPTIONS = { db: { auth: ['./password.ts'] } };

/** The first cycle of a graph `node → nodes it uses`, as a path ('a → b → a'), or null. */
function cycleOf(graph) {
  const state = new Map(); // node → 'visiting' | 'done'
  const visit = (node, path) => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'visiting') return [...path.slice(path.indexOf(node)), node].join(' → ');
    state.set(node, 'visiting');
    for (const next of graph[node] ?? []) {
      const cycle = visit(next, [...path, node]);
      if (cycle) return cycle;
    }
    state.set(node, 'done');
    return null;
  };
  for (const node of Object.keys(graph)) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return null;
}

function apiZones() {
  const unlisted = dirsIn('api/src').filter((dir) => !(dir in API_FOLDERS));
  if (unlisted.length > 0)
    throw new Error(`api/src/${unlisted[0]} is in neither API_PLATFORM nor API_FEATURES (tooling/eslintConfig.mjs).`);
  const unknown = Object.entries(API_FOLDERS)
    .flatMap(([, uses]) => uses)
    .find((dir) => !(dir in API_FOLDERS));
  if (unknown) throw new Error(`The API lint zones name a folder that is none: api/src/${unknown}.`);
  const cycle = cycleOf(API_FOLDERS);
  if (cycle) throw new Error(`The API's folders would import each other in a cycle: ${cycle}.`);
  return Object.entries(API_FOLDERS).flatMap(([folder, uses]) => {
    const isFeature = folder in API_FEATURES;
    const features = isFeature ? API_FEATURES[folder] : uses;
    const allowed = [...(isFeature ? ['the platform'] : []), ...features.map((dir) => `api/src/${dir}`)];
    const others = Object.keys(API_FOLDERS).filter((other) => other !== folder && !uses.includes(other));
    const exceptions = API_EXCEPTIONS[folder] ?? {};
    return [
      ...others.map((other) => ({
        target: `api/src/${folder}`,
        from: `api/src/${other}`,
        except: exceptions[other] ?? [],
        message:
          `api/src/${folder} imports ${allowed.length ? `only ${allowed.join(', ')}` : 'nothing of the API'} (API_FOLDERS in ` +
          'tooling/eslintConfig.mjs): move what both need to a folder both may use, or compose them in a route.',
      })),
      {
        target: `api/src/${folder}`,
        from: ['api/src/app.ts', 'api/src/server.ts'],
        message: 'app.ts and server.ts compose the API: no folder imports them.',
      },
    ];
  });
}

const ZONES = [
  // Apps talk to each other only through @consig/shared (the event bus) and Module Federation at runtime.
  ...APPS.map((app) => ({
    target: app,
    from: [...APPS.filter((other) => other !== app), 'api', 'e2e'],
    message: 'An app never imports another app (use @consig/shared and the event bus), nor the API or the browser tests.',
  })),
  {
    target: 'shared/src',
    from: [...APPS, 'api', 'e2e', 'tooling'],
    message: '@consig/shared is used by every app and the API: it never imports any of them.',
  },
  {
    target: 'api',
    from: 'shared/src',
    except: PURE_SHARED.map((dir) => `./${dir}`),
    message: `The API uses only the plain-TypeScript part of @consig/shared (${PURE_SHARED.map((dir) => `@consig/shared/${dir}`).join(', ')}): the rest is browser code.`,
  },
  {
    target: 'api',
    from: [...APPS, 'e2e'],
    message: 'The API never imports browser code.',
  },
  ...PURE_SHARED.map((dir) => ({
    target: `shared/src/${dir}`,
    from: 'shared/src',
    except: PURE_SHARED.map((pure) => `./${pure}`),
    message: `shared/src/${dir} is imported by the API: it may import only ${PURE_SHARED.map((pure) => `shared/src/${pure}`).join(', ')} and plain libraries.`,
  })),
  {
    // Production code: every source file that is not a test or a test helper.
    target: [
      ...[...APPS, 'shared', 'api'].map((pkg) => at(pkg, 'src/!(test|testing)/**/!(*.test).{ts,tsx}')),
      ...[...APPS, 'shared', 'api'].map((pkg) => at(pkg, 'src/!(*.test|testing).{ts,tsx}')),
      at('tooling/!(*.test).js'),
      at('tooling/launcher/!(*.test).js'),
      at('tooling/bin/**'),
    ],
    from: TEST_HELPERS.map((glob) => at(glob)),
    message: 'Production code never imports tests or test helpers.',
  },
  ...APPS.flatMap(featureZones),
  ...apiZones(),
];

const CAMEL_OR_PASCAL = '@(+([a-z])*([a-z0-9])*([A-Z]*([a-z0-9]))|*([A-Z]*([a-z0-9])))';
const browserCode = [...APPS, 'shared'].map((pkg) => `${pkg}/src/**/*.{ts,tsx}`);
const pureCode = ['api/**/*.ts', ...PURE_SHARED.map((dir) => `shared/src/${dir}/**`)];

export default defineConfig([
  globalIgnores(['**/dist/', '**/node_modules/', '.tools/', '.data/', '**/coverage/']),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // Runs inside every browser package's jest environment (jsdom).
    files: ['tooling/jestSetup.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    rules: {
      // `_`-prefixed names are deliberately unused (a callback's position, a destructured field left out).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: browserCode,
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['api/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.test.{ts,tsx,js}', 'e2e/**/*.ts', '**/src/test/**', '**/src/testing/**'],
    languageOptions: { globals: globals.jest },
  },
  {
    // Architecture: import boundaries and cycles, on every TypeScript and JavaScript file.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // How import-x reads the files it follows (no-cycle walks the whole import graph).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // One lint run sees no file change: resolve and parse each followed file once.
      'import-x/cache': { lifetime: Infinity },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [...APPS, 'shared', 'api', 'e2e'].map((pkg) => at(pkg, 'tsconfig.json')),
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
        createNodeResolver(),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: ZONES }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Source code reaches another package only through its name (and so its package.json "exports").
    files: ['*/src/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { 'import-x/no-relative-packages': 'error' },
  },
  {
    // The API and the pure part of shared run on the server too: no React, no browser globals.
    files: pureCode,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(react|react-dom|react-router|react-router-dom|react-hook-form|react-hot-toast|single-spa-react|@tanstack/react-query|@testing-library/.*)(/.*)?$',
              message: 'Server code and the pure part of @consig/shared never use React.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location'].map((name) => ({
          name,
          message: 'Server code and the pure part of @consig/shared never touch the browser.',
        })),
      ],
    },
  },
  {
    // One naming convention: a file is named after what it holds. A component file after its component
    // (PascalCase.tsx), every other module in camelCase.ts; tests after what they test (*.test.ts/x, so
    // either case) and test helpers after what they do; browser tests *.e2e.ts; folders in kebab-case.
    // The .tsx entry points of an app (bootstrap, spa, index) are modules, not components. JavaScript
    // (the tooling, the README's scripts, configs) is named like TypeScript modules: camelCase, with a
    // dotted role allowed (jest.config.js, apps.test.js).
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        {
          '**/{*.test,*.e2e,src/test/**/*,src/testing/**/*}.{ts,tsx}': CAMEL_OR_PASCAL,
          '**/!(test|testing)/!(*.test|bootstrap|spa|index).tsx': 'PASCAL_CASE',
          '**/!(test|testing)/!(*.test|*.e2e).ts': 'CAMEL_CASE',
          '**/*.{js,mjs,cjs}': 'CAMEL_CASE',
        },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/{src,support,tests,test}/**/': 'KEBAB_CASE' }],
    },
  },
]);
