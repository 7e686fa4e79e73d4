/** Test helpers for the apps' jest tests ('@consig/shared/testing'); never imported by app code. */
export * from './fakeApi';
export * from './prefetchCheck';
export * from './renderScreen';
export * from './signIn';
export * from './tables';
