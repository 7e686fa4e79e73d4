// Browser tests: playwright-core driving Debian's Chromium against the production builds, served the
// way `npm start` serves them (tooling/product.js). Builds must exist (`npm test` builds first).
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/**/*.e2e.ts'],
  transform: { '^.+\\.ts$': [require.resolve('@swc/jest')] },
  testTimeout: 60_000,
  maxWorkers: 1,
};
