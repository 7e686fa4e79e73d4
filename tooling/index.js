module.exports = { ...require('./webpack'), ...require('./serve'), ...require('./sharedModules'), ...require('./product') };
