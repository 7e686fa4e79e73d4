// Federation name and port from the list of apps (tooling/apps.js); the build loads no launcher code.
const { appAt } = require('@consig/tooling/apps');
const { createAppConfig } = require('@consig/tooling/webpack');

module.exports = createAppConfig({
  ...appAt(__dirname),
  title: 'Cadastros',
  exposes: {
    './Cadastros': './src/cadastros/Cadastros.tsx',
    './spa': './src/spa.tsx',
  },
});
