import { setRuntimeConfig } from '@consig/shared';
import { getAttendantsQueryOptions } from '@consig/shared/query';
import { prefetchMismatches } from '@consig/shared/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getCampaignsQueryOptions } from '@consig/shared/query';

const manifest = JSON.parse(readFileSync(join(__dirname, '..', 'public', 'consig-remote.json'), 'utf8'));

beforeEach(() => setRuntimeConfig({ apiUrl: 'http://api.test', wsUrl: 'ws://api.test/ws' }));

test("the manifest's prefetch entries are the campaign list's own first reads (path, key and contract)", async () => {
  const campaign = {
    CampanhaID: 7,
    DE_Campanha: 'Março',
    CO_Campanha: 'C7',
    ID_Orgao: 1,
    ID_Status: 1,
    importacao: null,
    NU_Higienizados: 0,
    NU_Importados: 10,
    TS_Baixa: null,
    TS_Solicitacao: null,
  };
  const reads = [
    { options: getCampaignsQueryOptions(), data: [campaign] },
    { options: getAttendantsQueryOptions(), data: [{ AtendenteID: 3, DE_Pessoa: 'Ana' }] },
  ];
  expect(manifest.routes.flatMap((route: { prefetch?: unknown[] }) => route.prefetch ?? [])).toHaveLength(reads.length);
  await expect(prefetchMismatches(manifest, reads)).resolves.toEqual([]);
});
