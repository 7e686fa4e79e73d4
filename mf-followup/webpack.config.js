const { createAppConfig } = require('@consig/tooling');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_followup',
  port: 8083,
  title: 'Acompanhamentos',
  exposes: {
    './Followup': './src/followup/Followup.tsx',
    './spa': './src/spa.tsx',
  },
});
