const preset = require('../tooling/jest-preset')({ dir: __dirname });

module.exports = { ...preset, setupFiles: [...preset.setupFiles, '<rootDir>/src/test/setup.ts'] };
