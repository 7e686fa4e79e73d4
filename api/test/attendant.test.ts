import { createHmac } from 'node:crypto';
import { DEMO_CLIENTS, DEMO_LEADS, DEMO_USERS } from '../src/db/demoData';
import { useSignedInDemoApp } from './harness';

const demo = useSignedInDemoApp();
const { get, tokens } = demo;
const tabulate = (email: string, body: unknown) => demo.app.call('PUT', '/atendente/tabular', { token: tokens[email], body });
const idOf = async (email: string) =>
  (await demo.app.db.query<{ id: number }>('select id_pessoa as id from pessoa where em_email = $1', [email]))[0].id;

describe('GET /atendente/ramal', () => {
  it('gives an attendant with telephony Kamailio ephemeral credentials for their extension', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { status, body } = await get('/atendente/ramal', 'atendente@demo.com.br');
    expect(status).toBe(200);
    expect(body).toEqual({
      sucess: true,
      text: expect.any(String),
      data: {
        User: expect.stringMatching(/^\d+:1001$/),
        Pass: expect.any(String),
        Realm: 'localhost',
        WSServer: 'ws://localhost:8089',
        Ramal: '1001',
      },
    });
    const expiry = Number(body.data.User.split(':')[0]);
    // SIP_CREDENTIAL_SECONDS, 10 minutes by default (sipCredentials.test.ts: renewal and revocation).
    expect(expiry).toBeGreaterThanOrEqual(before + 600);
    expect(expiry).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 600);
    expect(body.data.Pass).toBe(createHmac('sha1', demo.app.config.sip.secret).update(body.data.User).digest('base64'));
  });

  it('gives each attendant their own extension', async () => {
    const { body } = await get('/atendente/ramal', 'atendente2@demo.com.br');
    expect(body.data.User).toMatch(/^\d+:1002$/);
    // The address the agent registers, sip:1002@localhost: the extension after User's colon.
    expect(body.data.Ramal).toBe('1002');
  });

  it('answers "Usuário não tem ramal." to people without telephony or extension', async () => {
    for (const email of ['supervisor@demo.com.br', 'gerente@demo.com.br', 'atendente@outra.com.br']) {
      expect(await get('/atendente/ramal', email)).toEqual({
        status: 200,
        body: { sucess: false, text: 'Usuário não tem ramal.', data: null },
      });
    }
  });
});

describe('GET /atendente', () => {
  it("lists the attendants of the caller's company only, by name", async () => {
    const company1 = [];
    for (const user of DEMO_USERS.filter((u) => u.company === 1 && u.role === 11)) {
      company1.push({ AtendenteID: await idOf(user.email), DE_Pessoa: user.name });
    }
    company1.sort((a, b) => (a.DE_Pessoa < b.DE_Pessoa ? -1 : 1));
    expect(company1.map((a) => a.DE_Pessoa).slice(0, 2)).toEqual(['Ana Paula Souza', 'Bruno Henrique Lima']);
    for (const email of ['atendente@demo.com.br', 'supervisor@demo.com.br', 'gerente@demo.com.br']) {
      const { status, body } = await get('/atendente', email);
      expect(status).toBe(200);
      expect(body).toEqual({ success: true, text: expect.any(String), data: company1 });
    }
    const other = await get('/atendente', 'atendente@outra.com.br');
    expect(other.body.data).toEqual([{ AtendenteID: await idOf('atendente@outra.com.br'), DE_Pessoa: 'Eduarda Alves' }]);
  });
});

describe('attendant status and PUT /atendente/tabular', () => {
  it('starts available', async () => {
    expect(await get('/atendente/status', 'atendente@demo.com.br')).toEqual({
      status: 200,
      body: {
        success: true,
        text: 'Você está disponível.',
        ID_Status: 81,
        ID_MotivoPausa: null,
        data: { ID_Status: 81, ID_MotivoPausa: null },
      },
    });
  });

  it('pauses with a reason, reads it back, and returns to available with 81', async () => {
    const paused = {
      success: true,
      text: 'Pausa registrada: Almoço.',
      ID_Status: 201,
      ID_MotivoPausa: 202,
      data: { ID_Status: 201, ID_MotivoPausa: 202 },
    };
    expect(await tabulate('atendente@demo.com.br', { ID_Status: 202 })).toEqual({ status: 200, body: paused });
    expect(await get('/atendente/status', 'atendente@demo.com.br')).toEqual({ status: 200, body: paused });

    const technical = await tabulate('atendente@demo.com.br', { ID_Status: 205 });
    expect(technical.body).toMatchObject({ text: 'Pausa registrada: Problemas técnicos.', ID_Status: 201, ID_MotivoPausa: 205 });

    const available = {
      success: true,
      text: 'Você está disponível.',
      ID_Status: 81,
      ID_MotivoPausa: null,
      data: { ID_Status: 81, ID_MotivoPausa: null },
    };
    expect(await tabulate('atendente@demo.com.br', { ID_Status: 81 })).toEqual({ status: 200, body: available });
    expect(await get('/atendente/status', 'atendente@demo.com.br')).toEqual({ status: 200, body: available });
  });

  it("changes only the caller's status", async () => {
    await tabulate('atendente2@demo.com.br', { ID_Status: 203 });
    expect((await get('/atendente/status', 'atendente2@demo.com.br')).body).toMatchObject({ ID_Status: 201, ID_MotivoPausa: 203 });
    expect((await get('/atendente/status', 'atendente@demo.com.br')).body).toMatchObject({ ID_Status: 81, ID_MotivoPausa: null });
    expect((await get('/atendente/status', 'atendente@outra.com.br')).body).toMatchObject({ ID_Status: 81 });
  });

  it('refuses codes that are not pause reasons with 400 and keeps the status', async () => {
    const invalid = { success: false, text: 'ID_Status: Motivo de pausa inválido.' };
    expect(await tabulate('atendente@demo.com.br', { ID_Status: 999 })).toEqual({ status: 400, body: invalid });
    expect(await tabulate('atendente@demo.com.br', { ID_Status: 201 })).toEqual({ status: 400, body: invalid });
    expect(await tabulate('atendente@demo.com.br', { ID_Status: 'almoço' })).toEqual({
      status: 400,
      body: { success: false, text: 'ID_Status: Informe o motivo da pausa.' },
    });
    expect((await tabulate('atendente@demo.com.br', {})).status).toBe(400);
    expect((await get('/atendente/status', 'atendente@demo.com.br')).body).toMatchObject({ ID_Status: 81 });
  });
});

describe('GET /atendente/lead', () => {
  const clientName = (cpfBase: string) => DEMO_CLIENTS.find((c) => c.cpfBase === cpfBase)!;
  const userName = (email: string) => DEMO_USERS.find((u) => u.email === email)!.name;
  /** The leads the demo data gives, newest first, as the API must show them. */
  const expectedLeads = (filter: (lead: (typeof DEMO_LEADS)[number]) => boolean) =>
    DEMO_LEADS.map((lead, index) => ({ lead, index }))
      .filter(({ lead }) => filter(lead))
      .sort((a, b) => a.lead.daysAgo - b.lead.daysAgo || a.index - b.index)
      .map(({ lead }) => ({
        DE_Pessoa: clientName(lead.cpfBase).name,
        DE_Atendente: userName(lead.attendant),
        DE_Indicacao: clientName(lead.cpfBase).referrer,
      }));
  const shape = (data: { DE_Pessoa: string; DE_Atendente: string; DE_Indicacao: string | null }[]) =>
    data.map(({ DE_Pessoa, DE_Atendente, DE_Indicacao }) => ({ DE_Pessoa, DE_Atendente, DE_Indicacao }));

  it('shows an attendant only their own leads, newest first, with and without referrer', async () => {
    const { status, body } = await get('/atendente/lead', 'atendente@demo.com.br');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(shape(body.data)).toEqual(expectedLeads((l) => l.attendant === 'atendente@demo.com.br'));
    expect(body.data.some((l: { DE_Indicacao: string | null }) => l.DE_Indicacao === null)).toBe(true);
    expect(body.data.some((l: { DE_Indicacao: string | null }) => l.DE_Indicacao !== null)).toBe(true);
    expect(body.data[0]).toEqual({
      ID_Cliente: expect.any(Number),
      DE_Pessoa: 'José Carlos Pereira',
      DE_Tipo: 'INSS',
      DE_Status: 'Novo',
      DE_Atendente: 'Ana Paula Souza',
      DE_Indicacao: 'Marcos Indicações',
    });

    const second = await get('/atendente/lead', 'atendente2@demo.com.br');
    expect(shape(second.body.data)).toEqual(expectedLeads((l) => l.attendant === 'atendente2@demo.com.br'));
  });

  it('shows supervisors and managers every lead of their company', async () => {
    const company1 = expectedLeads((l) => clientName(l.cpfBase).company === 1);
    for (const email of ['supervisor@demo.com.br', 'gerente@demo.com.br']) {
      expect(shape((await get('/atendente/lead', email)).body.data)).toEqual(company1);
    }
  });

  it('never shows another company its leads', async () => {
    const { body } = await get('/atendente/lead', 'atendente@outra.com.br');
    expect(shape(body.data)).toEqual(expectedLeads((l) => clientName(l.cpfBase).company === 2));
    const [{ id }] = await demo.app.db.query<{ id: number }>('select id_cliente as id from cliente where id_empresa = 2');
    expect(body.data.map((l: { ID_Cliente: number }) => l.ID_Cliente)).toEqual([id]);
  });
});

describe('access to the /atendente endpoints', () => {
  const EXPIRED = { status: 401, body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' } };
  const endpoints: [string, string, unknown?][] = [
    ['GET', '/atendente/ramal'],
    ['GET', '/atendente'],
    ['GET', '/atendente/status'],
    ['PUT', '/atendente/tabular', { ID_Status: 81 }],
    ['GET', '/atendente/lead'],
  ];

  it('answers 401 without a token', async () => {
    for (const [method, path, body] of endpoints) {
      expect({ method, path, ...(await demo.app.call(method, path, { body })) }).toEqual({ method, path, ...EXPIRED });
    }
  });

  it('refuses no role: each endpoint answers about the caller or lists their own company', async () => {
    for (const [method, path, body] of endpoints) {
      for (const email of ['atendente@demo.com.br', 'supervisor@demo.com.br', 'gerente@demo.com.br']) {
        const { status } = await demo.app.call(method, path, { body, token: tokens[email] });
        expect({ method, path, email, status }).toEqual({ method, path, email, status: 200 });
      }
    }
  });

  it("cannot pause someone else by naming another company's person in the body", async () => {
    const other = await idOf('atendente@outra.com.br');
    const answer = await tabulate('supervisor@demo.com.br', { ID_Status: 204, ID_Pessoa: other, ID_Empresa: 2 });
    expect(answer.body).toMatchObject({ ID_Status: 201, ID_MotivoPausa: 204 });
    expect((await get('/atendente/status', 'atendente@outra.com.br')).body).toMatchObject({ ID_Status: 81, ID_MotivoPausa: null });
    await tabulate('supervisor@demo.com.br', { ID_Status: 81 });
  });
});
