/**
 * @consig/shared: the code host and remotes share, loaded once in the browser (a Module Federation
 * singleton). Contracts are also importable alone as '@consig/shared/contracts' (no browser code).
 */
export * from './contracts';
export * from './runtime-config';
export * from './session';
export * from './api';
export * from './bus';
export * from './telephony/dial';
export * from './format';
export * from './forms/zodResolver';
export * from './ui';
