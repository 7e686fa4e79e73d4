import { setRuntimeConfig } from '@consig/shared';
import { prefetchMismatches } from '@consig/shared/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getLeadsQueryOptions } from './dashboard/api/getLeads';

const manifest = JSON.parse(readFileSync(join(__dirname, '..', 'public', 'consig-remote.json'), 'utf8'));

beforeEach(() => setRuntimeConfig({ apiUrl: 'http://api.test', wsUrl: 'ws://api.test/ws' }));

test("the manifest's prefetch entries are the dashboard's own first read (path, key and contract)", async () => {
  const lead = { ID_Cliente: 11, DE_Pessoa: 'Maria Souza', DE_Tipo: 'INSS', DE_Status: 'Novo', DE_Atendente: 'Ana', DE_Indicacao: null };
  const reads = [{ options: getLeadsQueryOptions(), data: [lead] }];
  expect(manifest.routes.flatMap((route: { prefetch?: unknown[] }) => route.prefetch ?? [])).toHaveLength(reads.length);
  await expect(prefetchMismatches(manifest, reads)).resolves.toEqual([]);
});
