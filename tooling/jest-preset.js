// One jest set-up for every browser package: @swc/jest, jsdom, CSS stubbed, TextEncoder for react-router.
const path = require('node:path');

module.exports = ({ dir, environment = 'jsdom' }) => ({
  rootDir: dir,
  displayName: path.basename(dir),
  testEnvironment: environment === 'jsdom' ? require.resolve('jest-environment-jsdom') : environment,
  transform: { '^.+\\.(t|j)sx?$': [require.resolve('@swc/jest'), { jsc: { transform: { react: { runtime: 'automatic' } } } }] },
  moduleNameMapper: { '\\.(css)$': path.join(__dirname, 'jest-style-stub.js') },
  setupFiles: [path.join(__dirname, 'jest-setup.js')],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
});
