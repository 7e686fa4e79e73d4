/** Contracts shared by the API (validation, OpenAPI) and the apps (types): pure zod, no browser code. */
export * from './envelope';
export * from './fields';
export * from './domain';
export * from './auth';
export * from './attendant';
export * from './client';
export * from './campaign';
export * from './lookups';
export * from './proposal';
export * from './operation';
export * from './clientForm';
export * from './realtime';
export * from './queue';
export * from './fgts';
export * from './importing';
export * from './batchRequest';
export * from './followup';
