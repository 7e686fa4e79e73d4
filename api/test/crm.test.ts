import { PROPOSAL_STATUSES } from '@consig/shared/contracts';
import { DEMO_CAMPAIGNS, DEMO_NUMBERS, DEMO_PROPOSALS, DEMO_USERS } from '../src/db/demoData';
import { useSignedInDemoApp } from './harness';

const demo = useSignedInDemoApp();
const { get, tokens } = demo;
const companyOf = (email: string) => DEMO_USERS.find((u) => u.email === email)!.company;

describe('GET /cadastro/campanhas', () => {
  const expectedCodes = (company: number) =>
    DEMO_CAMPAIGNS.filter((c) => c.company === company)
      .sort((a, b) => a.createdDaysAgo - b.createdDaysAgo)
      .map((c) => c.code);

  it("lists the company's campaigns newest first, with the import status or null", async () => {
    const { status, body } = await get('/cadastro/campanhas', 'supervisor@demo.com.br');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.map((c: { CO_Campanha: string }) => c.CO_Campanha)).toEqual(expectedCodes(1));
    for (const campaign of body.data) {
      const demo = DEMO_CAMPAIGNS.find((c) => c.company === 1 && c.code === campaign.CO_Campanha)!;
      expect(campaign).toEqual({
        CampanhaID: expect.any(Number),
        DE_Campanha: demo.name,
        CO_Campanha: demo.code,
        ID_Orgao: demo.agency,
        ID_Status: demo.status,
        importacao: demo.importStatus === null ? null : { ID_Status: demo.importStatus },
        NU_Higienizados: demo.sanitized,
        NU_Importados: demo.imported,
        TS_Baixa: demo.loadedDaysAgo === null ? null : expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        TS_Solicitacao: demo.requestedDaysAgo === null ? null : expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        // Extension: the campaign's caller number, null for the company's main one.
        ID_NumeroSaida: DEMO_NUMBERS.some((n) => n.company === 1 && n.campaigns.includes(demo.code)) ? expect.any(Number) : null,
      });
    }
    expect(new Set(body.data.map((c: { ID_Status: number }) => c.ID_Status))).toEqual(new Set([26, 35, 72, 58]));
  });

  it('gives an attendant of the company the same list', async () => {
    const attendant = await get('/cadastro/campanhas', 'atendente@demo.com.br');
    const supervisor = await get('/cadastro/campanhas', 'supervisor@demo.com.br');
    expect(attendant.body.data).toEqual(supervisor.body.data);
  });

  it("never shows another company's campaigns", async () => {
    const company1 = (await get('/cadastro/campanhas', 'gerente@demo.com.br')).body.data;
    const { body } = await get('/cadastro/campanhas', 'atendente@outra.com.br');
    expect(body.data.map((c: { CO_Campanha: string }) => c.CO_Campanha)).toEqual(expectedCodes(2));
    const ids = new Set(company1.map((c: { CampanhaID: number }) => c.CampanhaID));
    expect(body.data.some((c: { CampanhaID: number }) => ids.has(c.CampanhaID))).toBe(false);
  });
});

describe('GET /crm/proposta/status', () => {
  /** Every possible status, in order, with the demo proposals that match counted. */
  const expectedCounts = (match: (p: (typeof DEMO_PROPOSALS)[number]) => boolean) =>
    PROPOSAL_STATUSES.map((s) => ({
      ID_Status: s.StatusID,
      DE_Status: s.DE_Status,
      NU_Quantidade: DEMO_PROPOSALS.filter((p) => p.status === s.StatusID && match(p)).length,
    }));

  it('counts only their own proposals for an attendant, zeros included', async () => {
    for (const email of ['atendente@demo.com.br', 'atendente2@demo.com.br', 'atendente@outra.com.br']) {
      const { status, body } = await get('/crm/proposta/status', email);
      expect(status).toBe(200);
      expect(body).toEqual({ success: true, text: expect.any(String), data: expectedCounts((p) => p.attendant === email) });
    }
    const own = (await get('/crm/proposta/status', 'atendente@demo.com.br')).body.data;
    expect(own.some((s: { NU_Quantidade: number }) => s.NU_Quantidade === 0)).toBe(true);
  });

  it('counts the whole company for supervisors and managers', async () => {
    const company1 = expectedCounts((p) => companyOf(p.attendant) === 1);
    expect(company1.find((s) => s.ID_Status === 91)!.NU_Quantidade).toBe(0);
    for (const email of ['supervisor@demo.com.br', 'gerente@demo.com.br']) {
      expect((await get('/crm/proposta/status', email)).body.data).toEqual(company1);
    }
    const total = company1.reduce((sum, s) => sum + s.NU_Quantidade, 0);
    expect(total).toBe(DEMO_PROPOSALS.filter((p) => companyOf(p.attendant) === 1).length);
  });

  it("never counts another company's proposals", async () => {
    const { body } = await get('/crm/proposta/status', 'atendente@outra.com.br');
    const total = body.data.reduce((sum: number, s: { NU_Quantidade: number }) => sum + s.NU_Quantidade, 0);
    expect(total).toBe(DEMO_PROPOSALS.filter((p) => companyOf(p.attendant) === 2).length);
  });
});

describe('GET /crm/proposta/status/possiveis', () => {
  it('lists the 8 proposal statuses', async () => {
    for (const email of ['atendente@demo.com.br', 'atendente@outra.com.br']) {
      expect(await get('/crm/proposta/status/possiveis', email)).toEqual({
        status: 200,
        body: { success: true, text: expect.any(String), data: PROPOSAL_STATUSES },
      });
    }
    expect(PROPOSAL_STATUSES.map((s) => s.StatusID)).toEqual([10, 20, 30, 40, 50, 60, 90, 91]);
  });
});

describe('GET /crm/proposta/status with DT_Inicio / DT_Fim', () => {
  /**
   * A third company of its own, so these proposals change no other test's counts. Each proposal has a
   * status of its own, so the counts show exactly which ones a filter kept. São Paulo is UTC−3: the
   * first and last instants of 10–12 March fall on other days in UTC (09:00Z… and 13 March 02:59Z).
   */
  const dated = [
    { status: 40, at: '2025-03-09T23:59:59.999-03:00' }, // just before
    { status: 10, at: '2025-03-10T00:00:00.000-03:00' }, // first instant
    { status: 20, at: '2025-03-11T12:00:00.000-03:00' },
    { status: 30, at: '2025-03-12T23:59:59.999-03:00' }, // last instant
    { status: 50, at: '2025-03-13T00:00:00.000-03:00' }, // just after
  ];
  let attendant: string;
  let supervisor: string;

  beforeAll(async () => {
    const { db } = demo.app;
    await db.query("insert into empresa (id_empresa, de_empresa) values (3, 'Terceira Promotora')");
    const addPerson = async (email: string, role: number) => {
      const [{ id }] = await db.query<{ id: number }>(
        `insert into pessoa (id_empresa, em_email, pw_senha, de_pessoa, id_funcao)
         select 3, $1, pw_senha, $1, $2 from pessoa where em_email = 'atendente@demo.com.br' returning id_pessoa as id`,
        [email, role],
      );
      const { body } = await demo.app.call('POST', '/lnk/token', {
        body: { EM_Email: email, PW_Senha: 'Atendente@123' },
        headers: { 'x-forwarded-for': '10.8.0.1' },
      });
      return { id, token: body.token as string };
    };
    const own = await addPerson('datas@terceira.com.br', 11);
    const colleague = await addPerson('colega@terceira.com.br', 11);
    supervisor = (await addPerson('supervisor@terceira.com.br', 12)).token;
    attendant = own.token;
    const [{ id: client }] = await db.query<{ id: number }>(
      "insert into cliente (id_empresa, co_cpf, de_pessoa) values (3, '98765432100', 'Cliente Datas') returning id_cliente as id",
    );
    const propose = (attendantId: number, status: number, at: string) =>
      db.query(
        `insert into proposta (id_empresa, id_cliente, id_tipo_credito, id_banco, id_atendente, id_status, co_ade,
                               dt_digitacao, nu_parcelas, vl_parcela, vl_bruto, vl_liquido)
         values (3, $1, 1, 318, $2, $3, $4, $5, 84, 100, 5000, 5000)`,
        [client, attendantId, status, `T3-${status}-${attendantId}`, at],
      );
    for (const { status, at } of dated) await propose(own.id, status, at);
    await propose(colleague.id, 60, '2025-03-11T09:00:00.000-03:00'); // in range, but not the attendant's
  });

  /** The statuses whose count is 1, all others being 0. */
  const counted = async (token: string, query: string) => {
    const { status, body } = await demo.app.call('GET', `/crm/proposta/status${query}`, { token });
    expect(status).toBe(200);
    expect(body.data.map((s: { ID_Status: number }) => s.ID_Status)).toEqual(PROPOSAL_STATUSES.map((s) => s.StatusID));
    expect(body.data.every((s: { NU_Quantidade: number }) => s.NU_Quantidade <= 1)).toBe(true);
    return body.data.filter((s: { NU_Quantidade: number }) => s.NU_Quantidade === 1).map((s: { ID_Status: number }) => s.ID_Status);
  };

  it('counts the proposals typed on those days in São Paulo, both bounds inclusive', async () => {
    expect(await counted(attendant, '?DT_Inicio=20250310&DT_Fim=20250312')).toEqual([10, 20, 30]);
    expect(await counted(attendant, '?DT_Inicio=20250310&DT_Fim=20250310')).toEqual([10]);
    expect(await counted(attendant, '?DT_Inicio=20250313&DT_Fim=20250313')).toEqual([50]);
    expect(await counted(attendant, '?DT_Inicio=20250309&DT_Fim=20250309')).toEqual([40]);
  });

  it('leaves a range open on the side whose bound is missing', async () => {
    expect(await counted(attendant, '')).toEqual([10, 20, 30, 40, 50]);
    expect(await counted(attendant, '?DT_Inicio=20250310')).toEqual([10, 20, 30, 50]);
    expect(await counted(attendant, '?DT_Fim=20250312')).toEqual([10, 20, 30, 40]);
  });

  it("keeps role and company scoping: the supervisor adds the colleague's, company 1 sees none", async () => {
    expect(await counted(supervisor, '?DT_Inicio=20250310&DT_Fim=20250312')).toEqual([10, 20, 30, 60]);
    for (const email of ['gerente@demo.com.br', 'atendente@outra.com.br']) {
      expect(await counted(tokens[email], '?DT_Inicio=20250309&DT_Fim=20250313')).toEqual([]);
    }
  });

  it('refuses dates that are not YYYYMMDD calendar days, or an end before the start, with 400', async () => {
    const bad = async (query: string, text: string) =>
      expect(await demo.app.call('GET', `/crm/proposta/status${query}`, { token: attendant })).toEqual({
        status: 400,
        body: { success: false, text },
      });
    await bad('?DT_Inicio=2025-03-10', 'DT_Inicio: Data inválida (use AAAAMMDD).');
    await bad('?DT_Inicio=10032025x', 'DT_Inicio: Data inválida (use AAAAMMDD).');
    await bad('?DT_Fim=', 'DT_Fim: Data inválida (use AAAAMMDD).');
    await bad('?DT_Fim=20250230', 'DT_Fim: Data inexistente.');
    await bad('?DT_Inicio=20251301', 'DT_Inicio: Data inexistente.');
    await bad('?DT_Inicio=20250312&DT_Fim=20250310', 'DT_Fim: A data final não pode ser anterior à inicial.');
  });
});

describe('access to the /cadastro/campanhas and /crm/proposta endpoints', () => {
  const EXPIRED = { status: 401, body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' } };
  const paths = [
    '/cadastro/campanhas',
    '/crm/proposta/status',
    '/crm/proposta/status?DT_Inicio=20250101',
    '/crm/proposta/status/possiveis',
  ];

  it('answers 401 without a token (before looking at the query)', async () => {
    for (const path of [...paths, '/crm/proposta/status?DT_Inicio=nao-e-data']) {
      expect({ path, ...(await demo.app.call('GET', path)) }).toEqual({ path, ...EXPIRED });
    }
  });

  it('refuses no role of the company (an attendant reads the campaign list and their own counts)', async () => {
    for (const path of paths) {
      for (const email of ['atendente@demo.com.br', 'supervisor@demo.com.br', 'gerente@demo.com.br']) {
        const { status } = await get(path, email);
        expect({ path, email, status }).toEqual({ path, email, status: 200 });
      }
    }
  });
});
