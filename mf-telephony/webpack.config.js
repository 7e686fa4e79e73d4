const { createAppConfig } = require('@consig/tooling');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'mf_telephony',
  port: 8084,
  title: 'Telefonia',
  exposes: {
    './CallBar': './src/call-bar/CallBar.tsx',
    './spa': './src/spa.tsx',
  },
});
