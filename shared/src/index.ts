/**
 * @consig/shared: the code host and remotes share, loaded once in the browser (a Module Federation
 * singleton). Contracts are also importable alone as '@consig/shared/contracts' (no browser code). Cached
 * reads ('@consig/shared/query') and the forms kit ('@consig/shared/forms') are entries of their own, kept
 * off the sign-in page: never re-export them here.
 */
export * from './contracts';
export * from './runtimeConfig';
export * from './session';
export * from './api';
export * from './cep/lookupCep';
export * from './bus';
export * from './telephony/dial';
export * from './routes/routes';
export * from './format';
export * from './ui';
