const { createAppConfig } = require('@consig/tooling');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_attendance',
  port: 8081,
  title: 'Atendimento',
  exposes: {
    './Dashboard': './src/dashboard/Dashboard.tsx',
    './Atendimento': './src/atendimento/Atendimento.tsx',
    './spa': './src/spa.tsx',
  },
});
