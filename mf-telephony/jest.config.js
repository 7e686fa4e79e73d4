const path = require('node:path');

const preset = require('../tooling/jestPreset')({ dir: __dirname });

module.exports = {
  ...preset,
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    // The ringtones are asset files webpack turns into URLs; in tests they are a name.
    '\\.(wav)$': path.join(__dirname, 'jestAssetStub.js'),
  },
};
