// The browser checks of `npm run test:stack` (scripts/stack/checks/inBrowser.mjs): Debian's Chromium against the
// production stack of docker-compose.yml, which scripts/testStack.mjs has started and names in STACK_* variables.
// Not part of `npm test` (its config matches tests/ only).
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/stack/**/*.stack.ts'],
  transform: { '^.+\\.ts$': [require.resolve('@swc/jest')] },
  testTimeout: 120_000,
  maxWorkers: 1,
};
