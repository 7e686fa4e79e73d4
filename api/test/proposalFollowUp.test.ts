import { FOLLOWUP_TEXT, PROPOSAL_PAGE_SIZE, proposalFilterPath, type ProposalFilters } from '@consig/shared/contracts';
import { ALL, newestFirst, seedFollowUp, type Expected, type FollowUpCompany } from './followupFixture';
import { useSignedInDemoApp } from './harness';

const demo = useSignedInDemoApp();
const EXPIRED = { status: 401, body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' } };
let co: FollowUpCompany;

beforeAll(async () => {
  co = await seedFollowUp(demo.app);
});

const call = (method: string, path: string, token: string, body?: unknown) => demo.app.call(method, path, { token, body });

/** Every page of a filter, following TX_Proximo; checks each page's size and NU_Total on the way. */
async function listAll(token: string, filters: ProposalFilters) {
  const path = proposalFilterPath('/crm/proposta', filters);
  const rows: { CO_ADE: string }[] = [];
  let cursor: string | null = null;
  let total: number;
  do {
    const { status, body } = await call('GET', cursor ? `${path}?cursor=${cursor}` : path, token);
    expect({ path, status }).toEqual({ path, status: 200 });
    expect(body.data.length).toBeLessThanOrEqual(PROPOSAL_PAGE_SIZE);
    if (body.TX_Proximo) expect(body.data.length).toBe(PROPOSAL_PAGE_SIZE);
    total = body.NU_Total;
    rows.push(...body.data);
    cursor = body.TX_Proximo;
  } while (cursor);
  expect(rows.length).toBe(total);
  return rows.map((row) => row.CO_ADE);
}

const ades = (match: (p: Expected) => boolean) => newestFirst(ALL.filter(match)).map((p) => p.ade);
const none = { status: 0, bank: 0, attendant: 0, indicator: 0 };

describe('GET /crm/proposta/{status}/{bank}/{attendant}/{indicator}[/0/{start}[/{end}]]', () => {
  it('pages through every proposal of the company, newest typed first, with the total', async () => {
    const all = await listAll(co.tokens.supervisor, none);
    expect(all).toEqual(ades(() => true));
    expect(all.length).toBeGreaterThan(2 * PROPOSAL_PAGE_SIZE);
  });

  it('answers each path shape: both days, start only, end only (00000000), inclusive São Paulo days', async () => {
    const token = co.tokens.manager;
    expect(await listAll(token, { ...none, start: '20250302', end: '20250302' })).toEqual(ades((p) => p.day === '20250302'));
    expect(await listAll(token, { ...none, start: '20250302' })).toEqual(ades((p) => p.day >= '20250302'));
    expect(await listAll(token, { ...none, end: '20250301' })).toEqual(ades((p) => p.day <= '20250301'));
    expect(await listAll(token, { ...none, start: '20250304', end: '20250310' })).toEqual([]);
    // The start-only shape with the placeholder is no filter at all.
    const { body } = await call('GET', '/crm/proposta/0/0/0/0/0/00000000', token);
    expect(body.NU_Total).toBe(ALL.length);
  });

  it('combines status, bank, attendant, referrer and days', async () => {
    const token = co.tokens.supervisor;
    const cases: [ProposalFilters, (p: Expected) => boolean][] = [
      [{ ...none, status: 20 }, (p) => p.status === 20],
      [{ ...none, bank: 318 }, (p) => p.bank === 318],
      [{ ...none, attendant: co.ids.b }, (p) => p.owner === 'b'],
      [{ ...none, indicator: co.ids.I2 }, (p) => p.indicator === 'I2'],
      [{ status: 30, bank: 623, attendant: co.ids.a, indicator: 0 }, (p) => p.status === 30 && p.bank === 623 && p.owner === 'a'],
      [
        { status: 0, bank: 1, attendant: 0, indicator: co.ids.I1, start: '20250301', end: '20250302' },
        (p) => p.bank === 1 && p.indicator === 'I1' && p.day <= '20250302',
      ],
    ];
    for (const [filters, match] of cases) {
      const expectedAdes = ades(match);
      expect(expectedAdes.length).toBeGreaterThan(0);
      expect({ filters, list: await listAll(token, filters) }).toEqual({ filters, list: expectedAdes });
    }
  });

  it('shows an attendant only their own proposals, whatever the attendant filter says', async () => {
    expect(await listAll(co.tokens.a, none)).toEqual(ades((p) => p.owner === 'a'));
    expect(await listAll(co.tokens.a, { ...none, attendant: co.ids.b })).toEqual([]);
    expect(await listAll(co.tokens.b, { ...none, status: 30 })).toEqual(ades((p) => p.owner === 'b' && p.status === 30));
  });

  it("never lists another company's proposals, even filtered by that company's ids", async () => {
    const company1 = await listAll(demo.tokens['gerente@demo.com.br'], none);
    expect(company1.length).toBeGreaterThan(0);
    expect(company1.some((ade) => ade.startsWith('T3-'))).toBe(false);
    expect(await listAll(demo.tokens['gerente@demo.com.br'], { ...none, attendant: co.ids.a })).toEqual([]);
    expect(await listAll(co.tokens.manager, { ...none, indicator: 1 })).toEqual([]);
  });

  it('returns the row and summary fields, the bank logo path and the latest ticket status', async () => {
    const newest = newestFirst(ALL)[0];
    const id = co.proposalId[newest.ade];
    const ticket = (status: number) =>
      demo.app.db.query(
        `insert into chamado (id_empresa, id_proposta, id_status, id_pessoa, tx_chamado, tx_resposta, ts_resposta)
         values (3, $1, $2, $3, 'Dúvida', case when $2 = 75 then 'Resposta' end, case when $2 = 75 then now() end)`,
        [id, status, co.ids.supervisor],
      );
    const first = async () => (await call('GET', '/crm/proposta/0/0/0/0', co.tokens.supervisor)).body.data[0];
    expect((await first()).ID_StatusChamado).toBeNull();
    await ticket(75);
    await ticket(73);
    const row = await first();
    expect(row).toMatchObject({
      ID_Proposta: id,
      CO_ADE: newest.ade,
      DE_Pessoa: co.clientNames[newest.client],
      CO_CPF: newest.client === 'c1' ? '11144477735' : '52998224725',
      DE_Operacao: 'INSS',
      DE_Liquido: newest.net,
      DT_Digitacao: newest.typedAt,
      ID_Status: newest.status,
      DE_Atendente: newest.owner === 'a' ? 'Atendente A' : 'Atendente B',
      DE_Indicador: { I1: 'Indicador Um', I2: 'Indicador Dois', null: null }[String(newest.indicator)],
      SN_API: 0,
      CO_Banco: newest.bank,
      DE_Banco: newest.bankName,
      LN_LogoBanco: `/banco/logo/${newest.bank}.svg`,
      ID_StatusChamado: 73,
    });
  });

  it('refuses a cursor it did not make, bad filters and bad days with 400', async () => {
    const token = co.tokens.supervisor;
    const bad = async (path: string, text: string) =>
      expect(await call('GET', path, token)).toEqual({ status: 400, body: { success: false, text } });
    const cursorText = 'Cursor de página inválido: recarregue a lista.';
    await bad('/crm/proposta/0/0/0/0?cursor=abc', cursorText);
    await bad(`/crm/proposta/0/0/0/0?cursor=${Buffer.from('1.2.3').toString('base64url')}`, cursorText);
    await bad('/crm/proposta/0/0/0/0?cursor=%2B%2F%3D', cursorText);
    await bad('/crm/proposta/0x2a/0/0/0', 'status: Filtro inválido.');
    await bad('/crm/proposta/0/-1/0/0', 'bank: Filtro inválido.');
    await bad('/crm/proposta/0/0/0/0/0/2025-03-01', 'start: Data inválida (use AAAAMMDD).');
    await bad('/crm/proposta/0/0/0/0/0/20250230', 'start: Data inexistente.');
    await bad('/crm/proposta/0/0/0/0/0/20250302/20250301', 'end: A data final não pode ser anterior à inicial.');
    await bad('/crm/proposta/0/0/0/0/0/00000000/00000000', 'end: Data inexistente.');
  });
});

describe('GET /crm/proposta/banco, /atendente, /indicador', () => {
  it("lists the banks of the company's proposals (an attendant's own), its attendants and referrers", async () => {
    const names = (body: { data: Record<string, unknown>[] }, key: string) => body.data.map((row) => row[key]);
    const banks = await call('GET', '/crm/proposta/banco', co.tokens.supervisor);
    expect(banks.body.data).toEqual([
      { BancoID: 318, DE_Banco: 'Banco BMG' },
      { BancoID: 1, DE_Banco: 'Banco do Brasil' },
      { BancoID: 623, DE_Banco: 'Banco Pan' },
    ]);
    // product-spec §3 names the attendant lookup AtendenteID, DE_Pessoa; DE_Atendente stays beside it.
    const attendants = await call('GET', '/crm/proposta/atendente', co.tokens.manager);
    expect(attendants.body.data).toEqual([
      { AtendenteID: co.ids.a, DE_Pessoa: 'Atendente A', DE_Atendente: 'Atendente A' },
      { AtendenteID: co.ids.b, DE_Pessoa: 'Atendente B', DE_Atendente: 'Atendente B' },
    ]);
    expect((await call('GET', '/crm/proposta/atendente', co.tokens.a)).body.data).toEqual([
      { AtendenteID: co.ids.a, DE_Pessoa: 'Atendente A', DE_Atendente: 'Atendente A' },
    ]);
    for (const token of [co.tokens.a, co.tokens.supervisor]) {
      expect((await call('GET', '/crm/proposta/indicador', token)).body.data).toEqual([
        { IndicadorID: co.ids.I2, DE_Indicador: 'Indicador Dois' },
        { IndicadorID: co.ids.I1, DE_Indicador: 'Indicador Um' },
      ]);
    }
    // Company 1 sees its own lists, nothing of company 3.
    const company1 = (await call('GET', '/crm/proposta/atendente', demo.tokens['supervisor@demo.com.br'])).body;
    expect(names(company1, 'DE_Pessoa')).not.toContain('Atendente A');
    expect(names(company1, 'DE_Pessoa')).toContain('Ana Paula Souza');
    expect(names((await call('GET', '/crm/proposta/indicador', demo.tokens['supervisor@demo.com.br'])).body, 'DE_Indicador')).toContain(
      'Marcos Indicações',
    );
  });
});

describe('PUT /crm/proposta', () => {
  const countOf = async (token: string, status: number) =>
    (await call('GET', '/crm/proposta/status', token)).body.data.find((s: { ID_Status: number }) => s.ID_Status === status)
      .NU_Quantidade as number;

  it('changes the status, and the counts of /crm/proposta/status follow', async () => {
    // 50 is a manager's to set (docs/rules.md "Proposal status by role"; every role × status: proposalStatus.test.ts).
    const target = ALL.find((p) => p.owner === 'a' && p.status === 10)!;
    const before = { from: await countOf(co.tokens.supervisor, 10), to: await countOf(co.tokens.supervisor, 50) };
    expect(await call('PUT', '/crm/proposta', co.tokens.manager, { PropostaID: co.proposalId[target.ade], ID_Status: 50 })).toEqual({
      status: 200,
      body: { success: true, text: FOLLOWUP_TEXT.statusChanged, message: FOLLOWUP_TEXT.statusChanged },
    });
    expect(await countOf(co.tokens.supervisor, 10)).toBe(before.from - 1);
    expect(await countOf(co.tokens.supervisor, 50)).toBe(before.to + 1);
    expect(await listAll(co.tokens.a, { ...none, status: 50 })).toEqual([target.ade]);
  });

  it('refuses a status that is not a possible one with 400', async () => {
    const id = co.proposalId[ALL[0].ade];
    expect(await call('PUT', '/crm/proposta', co.tokens.supervisor, { PropostaID: id, ID_Status: 73 })).toEqual({
      status: 400,
      body: { success: false, text: FOLLOWUP_TEXT.statusInvalid },
    });
  });

  it("answers 404 for another attendant's proposal, another company's, or none", async () => {
    const ofB = co.proposalId[ALL.find((p) => p.owner === 'b')!.ade];
    const notFound = { status: 404, body: { success: false, text: FOLLOWUP_TEXT.proposalNotFound } };
    expect(await call('PUT', '/crm/proposta', co.tokens.a, { PropostaID: ofB, ID_Status: 20 })).toEqual(notFound);
    expect(await call('PUT', '/crm/proposta', demo.tokens['gerente@demo.com.br'], { PropostaID: ofB, ID_Status: 20 })).toEqual(notFound);
    expect(await call('PUT', '/crm/proposta', co.tokens.manager, { PropostaID: 2_000_000_000, ID_Status: 20 })).toEqual(notFound);
    const [{ status }] = await demo.app.db.query<{ status: number }>('select id_status as status from proposta where id_proposta = $1', [
      ofB,
    ]);
    expect(status).toBe(ALL.find((p) => co.proposalId[p.ade] === ofB)!.status);
  });
});

describe('DELETE /crm/proposta/{id}', () => {
  const exists = async (table: string, id: number) =>
    (await demo.app.db.query(`select 1 from ${table} where id_proposta = $1`, [id])).length > 0;

  it('is for managers only: 403 for attendants and supervisors, and the proposal stays', async () => {
    const id = co.proposalId[ALL[1].ade];
    for (const token of [co.tokens.a, co.tokens.supervisor]) {
      expect(await call('DELETE', `/crm/proposta/${id}`, token)).toEqual({
        status: 403,
        body: { success: false, text: FOLLOWUP_TEXT.deleteForbidden },
      });
    }
    expect(await exists('proposta', id)).toBe(true);
  });

  it("answers 404 for another company's proposal", async () => {
    const id = co.proposalId[ALL[1].ade];
    expect(await call('DELETE', `/crm/proposta/${id}`, demo.tokens['gerente@demo.com.br'])).toEqual({
      status: 404,
      body: { success: false, text: FOLLOWUP_TEXT.proposalNotFound },
    });
    expect(await exists('proposta', id)).toBe(true);
  });

  it('removes the proposal with its tickets and records who removed what', async () => {
    const target = ALL[2];
    const id = co.proposalId[target.ade];
    await demo.app.db.query(`insert into chamado (id_empresa, id_proposta, id_pessoa, tx_chamado) values (3, $1, $2, 'Ver margem')`, [
      id,
      co.ids.a,
    ]);
    const totalBefore = (await call('GET', '/crm/proposta/0/0/0/0', co.tokens.manager)).body.NU_Total;
    expect(await call('DELETE', `/crm/proposta/${id}`, co.tokens.manager)).toEqual({
      status: 200,
      body: { success: true, text: FOLLOWUP_TEXT.deleted },
    });
    expect(await exists('proposta', id)).toBe(false);
    expect(await exists('chamado', id)).toBe(false);
    expect((await call('GET', '/crm/proposta/0/0/0/0', co.tokens.manager)).body.NU_Total).toBe(totalBefore - 1);
    const audit = await demo.app.db.query(
      `select id_empresa as company, id_pessoa as person, de_endereco as address, js_detalhe as detail from auditoria
        where tp_acao = 'proposta.remocao'`,
    );
    expect(audit).toEqual([
      {
        company: 3,
        person: co.ids.manager,
        address: '127.0.0.1',
        detail: { ID_Proposta: id, CO_ADE: target.ade, CO_CPF: target.client === 'c1' ? '11144477735' : '52998224725' },
      },
    ]);
    expect(await call('DELETE', `/crm/proposta/${id}`, co.tokens.manager)).toEqual({
      status: 404,
      body: { success: false, text: FOLLOWUP_TEXT.proposalNotFound },
    });
  });
});

describe('access', () => {
  it('answers 401 without a token on every follow-up route', async () => {
    const routes: [string, string][] = [
      ['GET', '/crm/proposta/0/0/0/0'],
      ['GET', '/crm/proposta/0/0/0/0/0/20250301'],
      ['GET', '/crm/proposta/0/0/0/0/0/20250301/20250302'],
      ['GET', '/crm/proposta/0/0/0/0/0/00000000/20250302'],
      ['GET', '/crm/proposta/banco'],
      ['GET', '/crm/proposta/atendente'],
      ['GET', '/crm/proposta/indicador'],
      ['PUT', '/crm/proposta'],
      ['GET', `/crm/proposta/${co.proposalId[ALL[5].ade]}/historico`],
      ['DELETE', `/crm/proposta/${co.proposalId[ALL[5].ade]}`],
    ];
    for (const [method, path] of routes) {
      expect({
        method,
        path,
        ...(await demo.app.call(method, path, method === 'PUT' ? { body: { PropostaID: 1, ID_Status: 20 } } : {})),
      }).toEqual({
        method,
        path,
        ...EXPIRED,
      });
    }
  });
});
