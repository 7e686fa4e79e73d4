// One jest set-up for every browser package: @swc/jest, jsdom, CSS stubbed, the jsdom gaps filled once (jestSetup.js).
const path = require('node:path');

const sharedSrc = path.join(__dirname, '..', 'shared', 'src');

module.exports = ({ dir, environment = 'jsdom' }) => ({
  rootDir: dir,
  displayName: path.basename(dir),
  testEnvironment: environment === 'jsdom' ? require.resolve('jest-environment-jsdom') : environment,
  transform: { '^.+\\.(t|j)sx?$': [require.resolve('@swc/jest'), { jsc: { transform: { react: { runtime: 'automatic' } } } }] },
  moduleNameMapper: {
    '\\.(css)$': path.join(__dirname, 'jestStyleStub.js'),
    // The shared package's entries, also when it imports itself by name (its entries reach the core
    // through the package name so that webpack shares one instance).
    '^@consig/shared$': path.join(sharedSrc, 'index.ts'),
    '^@consig/shared/(contracts|credit|format|forms|query|testing)$': path.join(sharedSrc, '$1', 'index.ts'),
    '^@consig/shared/spa$': path.join(sharedSrc, 'spa', 'index.tsx'),
  },
  setupFiles: [path.join(__dirname, 'jestSetup.js')],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
});
