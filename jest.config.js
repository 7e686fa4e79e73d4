// Unit tests of the browser packages, beside their code, and of the build tooling (the static server and
// the product launcher, in Node). The API (unit and HTTP integration tests, run once per database) and the
// browser tests have their own configs: api/jest.config.js, e2e/jest.config.js. `npm test` runs all of them.
const path = require('node:path');
const { APPS } = require('./tooling/apps');

module.exports = {
  projects: [
    // shared, then every app of the list of apps.
    ...['shared', ...APPS.map(({ dir }) => dir)].map((dir) => `<rootDir>/${dir}`),
    {
      displayName: 'tooling',
      rootDir: path.join(__dirname, 'tooling'),
      testEnvironment: 'node',
      // Plain CommonJS: nothing to compile.
      transform: {},
      testPathIgnorePatterns: ['/node_modules/'],
    },
  ],
};
