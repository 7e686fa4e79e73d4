export * from './client';
export * from './query';
