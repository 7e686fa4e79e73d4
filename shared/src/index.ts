/**
 * @consig/shared: the code host and remotes share, loaded once in the browser (a Module Federation
 * singleton). Contracts are also importable alone as '@consig/shared/contracts' (no browser code). The part
 * the sign-in page needs (runtime config, session, API client, sign-in form, toasts) is the entry
 * '@consig/shared/core', re-exported here through the package name so it exists once: never import those
 * modules by a relative path here. Cached reads ('@consig/shared/query') and the forms kit
 * ('@consig/shared/forms') are entries of their own, kept off the sign-in page: never re-export them here.
 */
export * from '@consig/shared/core';
export * from './contracts';
export * from './cep/lookupCep';
export * from './bus';
export * from './telephony/dial';
export * from './routes/routes';
export * from './format';
export * from './ui/Dialog';
export * from './ui/TableHead';
export * from './ui/files';
