module.exports = { ...require('./webpack'), ...require('./serve'), ...require('./shared-modules'), ...require('./product') };
