const { createAppConfig } = require('@consig/tooling');

module.exports = createAppConfig({ dir: __dirname, name: 'host', port: 8080, title: 'Consig CRM' });
