import { setRuntimeConfig } from '@consig/shared';
import { fakeApi, type FakeApiRequest } from '@consig/shared/testing';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../queryClient';
import {
  getAgenciesQueryOptions,
  getAttendantsQueryOptions,
  getBanksQueryOptions,
  getBanksWithCodeQueryOptions,
  getCampaignsQueryOptions,
  getSpeciesQueryOptions,
  getStatesQueryOptions,
} from '.';

const keys = () =>
  [
    getAgenciesQueryOptions,
    getAttendantsQueryOptions,
    getBanksQueryOptions,
    getBanksWithCodeQueryOptions,
    getCampaignsQueryOptions,
    getSpeciesQueryOptions,
    getStatesQueryOptions,
  ].map((options) => options().queryKey);
/** Every lookup read into `client`, as the screens' useQuery start them. */
const readAll = (client: QueryClient) => [
  client.fetchQuery(getAgenciesQueryOptions()),
  client.fetchQuery(getAttendantsQueryOptions()),
  client.fetchQuery(getBanksQueryOptions()),
  client.fetchQuery(getBanksWithCodeQueryOptions()),
  client.fetchQuery(getCampaignsQueryOptions()),
  client.fetchQuery(getSpeciesQueryOptions()),
  client.fetchQuery(getStatesQueryOptions()),
];
let server: ReturnType<typeof fakeApi> | undefined;

beforeEach(() => setRuntimeConfig({ apiUrl: 'http://api.test', wsUrl: 'ws://api.test/ws' }));
afterEach(() => server?.restore());

test('each reference list is its own read under its own key', () => {
  expect(new Set(keys().map((key) => JSON.stringify(key))).size).toBe(7);
});

test('a reference read no screen waits for any more is cancelled, not left to run', async () => {
  const seen: FakeApiRequest[] = [];
  server = fakeApi((request) => {
    seen.push(request);
    return new Promise(() => undefined); // an answer that never comes: a slow server
  });
  const client = createQueryClient();
  const reads = readAll(client).map((read) => read.catch(() => undefined));
  while (seen.length < reads.length) await new Promise((resolve) => setTimeout(resolve, 0));
  expect(server.requests.sort()).toEqual([
    'GET /atendente',
    'GET /cadastro/banco',
    'GET /cadastro/banco/comcodigo',
    'GET /cadastro/campanhas',
    'GET /cadastro/especie',
    'GET /cadastro/estado',
    'GET /cadastro/orgaos',
  ]);
  expect(seen.every((request) => request.signal?.aborted === false)).toBe(true);

  await client.cancelQueries();
  await Promise.all(reads);
  expect(seen.map((request) => request.signal?.aborted)).toEqual(reads.map(() => true));
  client.clear();
});
