module.exports = require('../tooling/jestPreset')({ dir: __dirname });
