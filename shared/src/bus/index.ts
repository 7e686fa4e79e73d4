export * from './bus';
export * from './callState';
export * from './events';
export * from './useBusEvent';
export * from './useBusState';
