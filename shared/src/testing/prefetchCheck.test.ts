import { leadsResponse, setRuntimeConfig } from '@consig/shared';
import { apiGet, leadKeys } from '@consig/shared/query';
import { queryOptions } from '@tanstack/react-query';
import { prefetchMismatches } from './prefetchCheck';

const lead = { ID_Cliente: 11, DE_Pessoa: 'Maria Souza', DE_Tipo: 'INSS', DE_Status: 'Novo', DE_Atendente: 'Ana', DE_Indicacao: null };
const screenRead = {
  options: queryOptions({ queryKey: leadKeys.list(), queryFn: () => apiGet('/atendente/lead', leadsResponse) }),
  data: [lead],
};
const entry = { at: '/dashboard', get: '/atendente/lead', queryKey: ['leads', 'list'], response: 'leadsResponse' };
const manifestWith = (changes: Partial<typeof entry>) => ({ routes: [{ prefetch: [{ ...entry, ...changes }] }] });

beforeEach(() => setRuntimeConfig({ apiUrl: 'http://api.test', wsUrl: 'ws://api.test/ws' }));

test("an entry that is the screen's own read passes", async () => {
  await expect(prefetchMismatches(manifestWith({}), [screenRead])).resolves.toEqual([]);
});

test('an entry whose path, key or contract drifted from the screen is reported', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined); // the contract that rejects the answer says so
  const [path] = await prefetchMismatches(manifestWith({ get: '/atendente/leads' }), [screenRead]);
  expect(path).toContain('GET /atendente/leads');
  await expect(prefetchMismatches(manifestWith({ queryKey: ['leads'] }), [screenRead])).resolves.toEqual([
    expect.stringContaining('nenhuma leitura da tela tem a chave ["leads"]'),
  ]);
  await expect(prefetchMismatches(manifestWith({ response: 'leadResponse' }), [screenRead])).resolves.toEqual([
    expect.stringContaining('"leadResponse" não é um export'),
  ]);
  await expect(prefetchMismatches(manifestWith({ response: 'campaignsResponse' }), [screenRead])).resolves.toEqual([
    expect.stringContaining('falha'),
  ]);
});
