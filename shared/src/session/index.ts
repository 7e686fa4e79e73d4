export * from './session';
export * from './token';
