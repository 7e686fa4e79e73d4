const { createAppConfig } = require('@consig/tooling');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_campaigns',
  port: 8082,
  title: 'Campanhas',
  exposes: {
    './Campaigns': './src/Campaigns.tsx',
    './spa': './src/spa.tsx',
  },
});
