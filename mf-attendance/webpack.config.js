// Federation name and port from the list of apps (tooling/apps.js); the build loads no launcher code.
const { appAt } = require('@consig/tooling/apps');
const { createAppConfig } = require('@consig/tooling/webpack');

module.exports = createAppConfig({
  ...appAt(__dirname),
  title: 'Atendimento',
  exposes: {
    './Dashboard': './src/dashboard/Dashboard.tsx',
    './Atendimento': './src/atendimento/Atendimento.tsx',
    './Calendar': './src/calendar/Calendar.tsx',
    './spa': './src/spa.tsx',
  },
});
