import { bus, session } from '@consig/shared';
import { queryClient } from '@consig/shared/query';
import { testToken } from '@consig/shared/testing';
import { act, renderHook } from '@testing-library/react';
import { resetPage } from '../test/reset';
import { useSessionEndCleanup } from './useSessionEndCleanup';

afterEach(resetPage);

it('when the API ends the session (401), telephony and socket are told and cached data is dropped', () => {
  act(() => {
    session.signIn(testToken({ DE_Pessoa: 'Ana Atendente' }));
  });
  queryClient.setQueryData(['/atendente/lead'], [{ ID_Cliente: 1 }]);
  const logouts: unknown[] = [];
  const stop = bus.subscribe('session.logout@1', (payload) => logouts.push(payload));
  renderHook(() => useSessionEndCleanup());

  act(() => session.signOut()); // what the shared API client does on a 401
  stop();

  expect(logouts).toEqual([{}]);
  expect(queryClient.getQueryData(['/atendente/lead'])).toBeUndefined();
});

it('nothing is announced while the session goes on (a new extension is not an end)', () => {
  act(() => {
    session.signIn(testToken());
  });
  const logouts: unknown[] = [];
  const stop = bus.subscribe('session.logout@1', (payload) => logouts.push(payload));
  renderHook(() => useSessionEndCleanup());
  act(() => session.setExtension({ User: '1001', Pass: 'x', Realm: 'r', WSServer: 'ws://s' }));
  stop();
  expect(logouts).toEqual([]);
});
