// Unit tests of every package, beside their code. API integration and browser tests have their own
// configs (api/jest.integration.config.js, e2e/jest.config.js); `npm test` runs all of them.
module.exports = {
  projects: ['shared', 'host', 'mf-attendance', 'mf-campaigns', 'mf-followup', 'mf-telephony', 'api'].map((dir) => `<rootDir>/${dir}`),
};
