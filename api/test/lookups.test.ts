import { DEMO_USERS } from '../src/db/demoData';
import { useSignedInDemoApp } from './harness';

const demo = useSignedInDemoApp();
const { get } = demo;

const PATHS = ['/cadastro/banco/comcodigo', '/cadastro/banco', '/cadastro/estado', '/cadastro/especie', '/cadastro/orgaos'];

describe('lookup lists (product-spec §7)', () => {
  it('answers 401 without a token, or with a forged one, on every path', async () => {
    for (const path of PATHS) {
      for (const token of [undefined, 'not-a-token']) {
        const { status, body } = await demo.app.call('GET', path, { token });
        expect({ path, status, body }).toEqual({ path, status: 401, body: { success: false, text: expect.any(String) } });
      }
    }
  });

  it('gives every role of both companies the same lists', async () => {
    const [first, ...others] = DEMO_USERS.map((u) => u.email);
    expect(new Set(DEMO_USERS.map((u) => u.company))).toEqual(new Set([1, 2]));
    expect(new Set(DEMO_USERS.map((u) => u.role))).toEqual(new Set([11, 12, 13]));
    for (const path of PATHS) {
      const expected = await get(path, first);
      expect(expected.status).toBe(200);
      for (const email of others) expect({ email, ...(await get(path, email)) }).toEqual({ email, ...expected });
    }
  });
});

describe('GET /cadastro/banco/comcodigo and /cadastro/banco', () => {
  it('list the banks by COMPE code, both paths the same', async () => {
    const { status, body } = await get('/cadastro/banco/comcodigo', 'atendente@demo.com.br');
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, text: expect.any(String), data: expect.any(Array) });
    const banks = new Map(body.data.map((b: { BancoID: number; DE_Banco: string }) => [b.BancoID, b.DE_Banco]));
    for (const [code, name] of [
      [1, 'Banco do Brasil'],
      [104, 'Caixa Econômica Federal'],
      [70, 'BRB - Banco de Brasília'],
      [77, 'Banco Inter'],
      [212, 'Banco Original'],
      [260, 'Nu Pagamentos (Nubank)'],
      [290, 'PagSeguro Internet (PagBank)'],
      [643, 'Banco Pine'],
      [654, 'Banco Digimais'],
      [74, 'Banco J. Safra'],
      [422, 'Banco Safra'],
    ] as const) {
      expect({ code, name: banks.get(code) }).toEqual({ code, name });
    }
    expect(body.data).toHaveLength(37);
    const codes = body.data.map((b: { BancoID: number }) => b.BancoID);
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    for (const bank of body.data) expect(Object.keys(bank).sort()).toEqual(['BancoID', 'DE_Banco']);

    expect((await get('/cadastro/banco', 'atendente@demo.com.br')).body).toEqual(body);
  });
});

describe('GET /cadastro/estado', () => {
  it('lists the 27 federative units in Portuguese alphabetical order', async () => {
    const { status, body } = await get('/cadastro/estado', 'supervisor@demo.com.br');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(27);
    expect(body.data).toEqual(
      expect.arrayContaining([
        { SG_Estado: 'SP', DE_Estado: 'São Paulo' },
        { SG_Estado: 'RJ', DE_Estado: 'Rio de Janeiro' },
        { SG_Estado: 'DF', DE_Estado: 'Distrito Federal' },
      ]),
    );
    // Accented names in their Portuguese place (Amapá before Amazonas, Pará before Paraíba, São Paulo
    // before Sergipe), whatever the database's collation.
    expect(body.data.map((e: { SG_Estado: string }) => e.SG_Estado)).toEqual([
      'AC',
      'AL',
      'AP',
      'AM',
      'BA',
      'CE',
      'DF',
      'ES',
      'GO',
      'MA',
      'MT',
      'MS',
      'MG',
      'PA',
      'PB',
      'PR',
      'PE',
      'PI',
      'RJ',
      'RN',
      'RS',
      'RO',
      'RR',
      'SC',
      'SP',
      'SE',
      'TO',
    ]);
  });
});

describe('GET /cadastro/especie', () => {
  it('lists the INSS benefit species by code', async () => {
    const { status, body } = await get('/cadastro/especie', 'gerente@demo.com.br');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.map((e: { EspecieID: number }) => e.EspecieID)).toEqual([
      21, 25, 31, 32, 36, 41, 42, 46, 57, 80, 87, 88, 91, 92, 93, 94,
    ]);
    expect(body.data).toEqual(
      expect.arrayContaining([
        { EspecieID: 21, DE_Especie: 'Pensão por morte previdenciária' },
        { EspecieID: 32, DE_Especie: 'Aposentadoria por invalidez previdenciária' },
        { EspecieID: 41, DE_Especie: 'Aposentadoria por idade' },
        { EspecieID: 42, DE_Especie: 'Aposentadoria por tempo de contribuição' },
        { EspecieID: 46, DE_Especie: 'Aposentadoria especial' },
        { EspecieID: 87, DE_Especie: 'Amparo assistencial ao portador de deficiência (LOAS)' },
        { EspecieID: 88, DE_Especie: 'Amparo assistencial ao idoso (LOAS)' },
      ]),
    );
  });
});

describe('GET /cadastro/orgaos', () => {
  it('lists the agencies', async () => {
    expect(await get('/cadastro/orgaos', 'atendente@outra.com.br')).toEqual({
      status: 200,
      body: {
        success: true,
        text: expect.any(String),
        data: [
          { OrgaoID: 1, DE_Orgao: 'FGTS' },
          { OrgaoID: 4, DE_Orgao: 'INSS' },
        ],
      },
    });
  });
});
