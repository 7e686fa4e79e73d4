// Unit tests of the browser packages, beside their code. The API (unit and HTTP integration tests, run
// once per database) and the browser tests have their own configs: api/jest.config.js, e2e/jest.config.js.
// `npm test` runs all of them.
module.exports = {
  projects: ['shared', 'host', 'mf-attendance', 'mf-campaigns', 'mf-followup', 'mf-telephony'].map((dir) => `<rootDir>/${dir}`),
};
