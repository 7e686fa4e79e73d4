import { PROPOSAL_STATUSES } from '@consig/shared/contracts';
import { DEMO_CAMPAIGNS, DEMO_PROPOSALS, DEMO_USERS } from '../src/db/demo-data';
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
