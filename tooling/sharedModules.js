// Libraries that must exist exactly once in the browser (docs/architecture.md "One copy of each library").
// Subpaths are listed one by one: a parent key does not cover them, and with React 19 a missed one
// loads a second React ("Incompatible React versions", error #527).
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'react-router-dom',
  '@tanstack/react-query',
  'react-hot-toast',
  'react-hook-form',
  '@consig/shared',
  '@consig/shared/core', // the sign-in page's part of it (session, API client): the main entry re-exports it
  '@consig/shared/query', // holds the page's QueryClient
  '@consig/shared/forms', // one copy of the forms kit, loaded with the first form (never on the sign-in page)
];

const packageOf = (request) => (request.startsWith('@') ? request.split('/').slice(0, 2) : request.split('/').slice(0, 1)).join('/');

/** The `shared` map of an app: every singleton the app depends on, with the version range it needs. */
function sharedModules(pkg) {
  const deps = { ...pkg.dependencies };
  const sharedPkg = require('../shared/package.json');
  const rangeOf = (name) => (name === '@consig/shared' ? `^${sharedPkg.version}` : deps[name]);
  return Object.fromEntries(
    SINGLETONS.filter((request) => deps[packageOf(request)]).map((request) => [
      request,
      { singleton: true, requiredVersion: rangeOf(packageOf(request)) || false },
    ]),
  );
}

module.exports = { sharedModules, SINGLETONS };
