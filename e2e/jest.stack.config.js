// The browser checks of `npm run test:stack` (scripts/stack/checks/inBrowser.mjs): Debian's Chromium against the
// production stack of docker-compose.yml, which scripts/testStack.mjs has started and names in STACK_* variables.
// The browser tests' config, matching stack/ instead of tests/ (so `npm test` never runs these).
const browserTests = require('./jest.config.js');

module.exports = { ...browserTests, testMatch: ['<rootDir>/stack/**/*.stack.ts'], testTimeout: 120_000 };
