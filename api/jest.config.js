// Unit tests live beside the code (src/**/*.test.ts); HTTP integration tests in test/*.test.ts.
// TEST_DB=pglite (default) or TEST_DB=postgres selects the database the tests use (test/database.ts).
const swc = (syntax) => ['@swc/jest', { jsc: { parser: { syntax }, target: 'es2022' }, module: { type: 'commonjs' } }];

// Dependencies jest cannot load as they are, compiled to plain CommonJS: PGlite's CommonJS build
// loads Node built-ins with import() (refused by jest's sandbox without --experimental-vm-modules)
// and content-disposition (under @fastify/static) is ESM-only, which Node 20 requires natively but
// jest does not.
const compiled = ['@electric-sql/pglite', 'content-disposition'];
const names = compiled.map((name) => name.replace('/', '\\/')).join('|');

// `*.alone.test.ts`: tests that measure time (an upload must not stall /health/live past 200 ms), which a
// neighbouring test file on the other core would falsify. They run only with TEST_ALONE=1, in band, after the
// rest (scripts/test.mjs); TEST_ALONE=1 runs nothing else.
const alone = process.env.TEST_ALONE === '1';

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  ...(alone ? { testRegex: '\\.alone\\.test\\.ts$' } : {}),
  // `*.postgres.test.ts`: what only a server can show (several connections, a connection that breaks).
  testPathIgnorePatterns: [
    '/node_modules/',
    ...(process.env.TEST_DB === 'postgres' ? [] : ['\\.postgres\\.test\\.ts$']),
    ...(alone ? [] : ['\\.alone\\.test\\.ts$']),
  ],
  transform: {
    '^.+\\.ts$': swc('typescript'),
    [`/node_modules/(.+/)?(${names})/.+\\.c?js$`]: swc('ecmascript'),
  },
  // Nothing else from node_modules is transformed. The workspace package @consig/shared resolves to
  // ../shared/src (outside node_modules), so its TypeScript is transformed like ours.
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?(${names})/)`],
  testTimeout: 30000,
  // One migrated database per run, which each test app copies (test/globalSetup.ts).
  globalSetup: '<rootDir>/test/globalSetup.ts',
  globalTeardown: '<rootDir>/test/globalTeardown.ts',
};
