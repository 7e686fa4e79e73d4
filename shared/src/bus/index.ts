export * from './bus';
export * from './events';
export * from './useBusEvent';
