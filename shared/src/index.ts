/**
 * @consig/shared: the code host and remotes share, loaded once in the browser (a Module Federation
 * singleton). Contracts are also importable alone as '@consig/shared/contracts' (no browser code). The part
 * the sign-in page needs (runtime config, session, API client, sign-in form, toasts) is the entry
 * '@consig/shared/core', re-exported here through the package name so it exists once: never import those
 * modules by a relative path here. Cached reads ('@consig/shared/query') and the forms kit
 * ('@consig/shared/forms') are entries of their own, kept off the sign-in page: never re-export them here.
 */
import * as contractModule from './contracts';

export * from '@consig/shared/core';
export * from './contracts';

/**
 * Every contract under its export name, for the reads a remote's manifest names (host/src/remotes/prefetch.ts).
 * Another build reading `import * as shared` by a computed name gets only the names that build itself uses:
 * webpack makes a consumed shared module's namespace from the names it sees ('leadsResponse'
 * was "not found" on every page). One object, built here, carries them all.
 */
export const contractsByName: Readonly<Record<string, unknown>> = contractModule;
export * from './cep/lookupCep';
export * from './bus';
export * from './telephony/dial';
export * from './routes/routes';
export * from './format';
export * from './ui/AddressTabs';
export * from './ui/Dialog';
export * from './ui/LoadFailure';
export * from './ui/TableHead';
export * from './ui/icons';
export * from './ui/files';
