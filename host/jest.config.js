module.exports = require('../tooling/jest-preset')({ dir: __dirname });
