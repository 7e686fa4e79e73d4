import { DEMO_CLIENTS } from '../src/db/demoData';
import { FOLLOWUP_TEXT, PROPOSAL_STATUS_TEXT, PROPOSAL_STATUSES } from '@consig/shared/contracts';
import { ALL, seedFollowUp, type FollowUpCompany } from './followupFixture';
import { demoClientId, useSignedInDemoApp } from './harness';

// docs/rules.md "Proposal status by role": who moves a proposal from which status to which,
// the refusals' texts, and the history of every change.

const demo = useSignedInDemoApp();
const EXPIRED = { status: 401, body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' } };
const NOT_FOUND = { status: 404, body: { success: false, text: FOLLOWUP_TEXT.proposalNotFound } };
const CHANGED = { status: 200, body: { success: true, text: FOLLOWUP_TEXT.statusChanged, message: FOLLOWUP_TEXT.statusChanged } };
const forbidden = (text: string) => ({ status: 403, body: { success: false, text } });
const label = (status: number) => PROPOSAL_STATUSES.find((s) => s.StatusID === status)!.DE_Status;
let co: FollowUpCompany;

beforeAll(async () => {
  co = await seedFollowUp(demo.app);
});

const put = (token: string | undefined, PropostaID: number, ID_Status: number) =>
  demo.app.call('PUT', '/crm/proposta', { token, body: { PropostaID, ID_Status } });
const historyOf = (token: string | undefined, id: number) => demo.app.call('GET', `/crm/proposta/${id}/historico`, { token });
const statusOf = async (id: number) =>
  (await demo.app.db.query<{ status: number }>('select id_status as status from proposta where id_proposta = $1', [id]))[0].status;
const historyRows = async (id: number) =>
  (await demo.app.db.query<{ n: number }>('select count(*)::int as n from proposta_historico where id_proposta = $1', [id]))[0].n;

/** A proposal of the fixture not used by another case, put in `status` directly (no history row). */
const used = new Set<number>();
async function proposalIn(status: number, owner: 'a' | 'b' = 'a'): Promise<number> {
  const free = ALL.find((p) => p.owner === owner && !used.has(co.proposalId[p.ade]));
  if (!free) throw new Error('the fixture ran out of proposals');
  const id = co.proposalId[free.ade];
  used.add(id);
  await demo.app.db.query('update proposta set id_status = $2 where id_proposta = $1', [id, status]);
  return id;
}

type Case = [from: number, to: number, expected: 'allowed' | string];

/** Each case on a fresh proposal: the answer, the status afterwards, and a history row only for an allowed change. */
async function check(token: string, cases: Case[], owner: 'a' | 'b' = 'a') {
  for (const [from, to, outcome] of cases) {
    const id = await proposalIn(from, owner);
    const answer = await put(token, id, to);
    const allowed = outcome === 'allowed';
    expect({ from, to, answer }).toEqual({ from, to, answer: allowed ? CHANGED : forbidden(outcome) });
    expect({ from, to, status: await statusOf(id), history: await historyRows(id) }).toEqual({
      from,
      to,
      status: allowed ? to : from,
      history: allowed ? 1 : 0,
    });
  }
}

describe('PUT /crm/proposta by role', () => {
  it('lets an attendant only cancel their own proposal, and only while it is in 10, 20 or 30', async () => {
    const only = PROPOSAL_STATUS_TEXT.attendantOnlyCancels;
    await check(co.tokens.a, [
      [10, 90, 'allowed'],
      [20, 90, 'allowed'],
      [30, 90, 'allowed'],
      // The commission fraud this rule stops: an attendant marking their own proposal paid.
      [10, 60, only],
      [30, 50, only],
      [10, 20, only],
      [20, 10, only],
      [40, 90, only],
      [50, 90, only],
      [60, 90, only],
      [91, 90, only],
      [90, 10, only],
    ]);
  });

  it("answers 404 to an attendant for another attendant's proposal and changes nothing", async () => {
    const ofB = await proposalIn(10, 'b');
    expect(await put(co.tokens.a, ofB, 90)).toEqual(NOT_FOUND);
    expect(await historyOf(co.tokens.a, ofB)).toEqual(NOT_FOUND);
    expect({ status: await statusOf(ofB), history: await historyRows(ofB) }).toEqual({ status: 10, history: 0 });
  });

  it('lets a supervisor move between 10, 20, 30, 40, 90 and 91, but not to 50/60 nor out of 50, 60, 90 or 91', async () => {
    await check(co.tokens.supervisor, [
      [10, 20, 'allowed'],
      [20, 30, 'allowed'],
      [30, 40, 'allowed'],
      [40, 10, 'allowed'],
      [40, 91, 'allowed'],
      [20, 90, 'allowed'],
      [10, 91, 'allowed'],
      [40, 50, PROPOSAL_STATUS_TEXT.managerOnlyTarget],
      [30, 60, PROPOSAL_STATUS_TEXT.managerOnlyTarget],
      [50, 60, PROPOSAL_STATUS_TEXT.managerOnlyTarget],
      [50, 40, PROPOSAL_STATUS_TEXT.managerOnlyFrom],
      [60, 40, PROPOSAL_STATUS_TEXT.managerOnlyFrom],
      [90, 10, PROPOSAL_STATUS_TEXT.managerOnlyFrom],
      [91, 20, PROPOSAL_STATUS_TEXT.managerOnlyFrom],
      [90, 91, PROPOSAL_STATUS_TEXT.managerOnlyFrom],
    ]);
  });

  it("lets a supervisor move any attendant's proposal (the rule is the role's, not the owner's)", async () => {
    await check(co.tokens.supervisor, [[10, 30, 'allowed']], 'b');
  });

  it('lets a manager set 50 and 60 and move out of 50, 60, 90 and 91', async () => {
    await check(co.tokens.manager, [
      [40, 50, 'allowed'],
      [50, 60, 'allowed'],
      [10, 60, 'allowed'],
      [60, 30, 'allowed'],
      [60, 90, 'allowed'],
      [90, 10, 'allowed'],
      [91, 40, 'allowed'],
      [50, 91, 'allowed'],
    ]);
  });

  it('treats the same status again as no change: success, nothing written', async () => {
    const id = await proposalIn(60);
    expect(await put(co.tokens.a, id, 60)).toEqual({
      status: 200,
      body: { success: true, text: PROPOSAL_STATUS_TEXT.unchanged, message: PROPOSAL_STATUS_TEXT.unchanged },
    });
    expect({ status: await statusOf(id), history: await historyRows(id) }).toEqual({ status: 60, history: 0 });
  });

  it("answers 404 for another company's proposal, whatever the role, and changes nothing", async () => {
    const id = await proposalIn(40);
    for (const email of ['gerente@demo.com.br', 'supervisor@demo.com.br', 'atendente@demo.com.br', 'atendente@outra.com.br']) {
      expect({ email, answer: await put(demo.tokens[email], id, 50) }).toEqual({ email, answer: NOT_FOUND });
      expect({ email, answer: await historyOf(demo.tokens[email], id) }).toEqual({ email, answer: NOT_FOUND });
    }
    expect({ status: await statusOf(id), history: await historyRows(id) }).toEqual({ status: 40, history: 0 });
  });

  it('answers 401 without a token, or with a broken one, and changes nothing', async () => {
    const id = await proposalIn(40);
    expect(await put(undefined, id, 50)).toEqual(EXPIRED);
    expect(await put('not-a-token', id, 50)).toEqual(EXPIRED);
    expect(await historyOf(undefined, id)).toEqual(EXPIRED);
    expect({ status: await statusOf(id), history: await historyRows(id) }).toEqual({ status: 40, history: 0 });
  });

  it('checks the status against the possible ones first (400), then the proposal (404), then the role (403)', async () => {
    const id = await proposalIn(10);
    expect(await put(co.tokens.a, id, 73)).toEqual({ status: 400, body: { success: false, text: FOLLOWUP_TEXT.statusInvalid } });
    expect(await put(co.tokens.a, 2_000_000_000, 60)).toEqual(NOT_FOUND);
    expect(await put(co.tokens.a, id, 60)).toEqual(forbidden(PROPOSAL_STATUS_TEXT.attendantOnlyCancels));
  });
});

describe('the audit of a status change', () => {
  const auditOf = (id: number) =>
    demo.app.db.query<{ actor: number; address: string; before: unknown; after: unknown }>(
      `select id_pessoa as actor, de_endereco as address, js_antes as before, js_depois as after from auditoria
        where tp_acao = 'proposta.status' and js_detalhe ->> 'ID_Proposta' = $1::text order by id_auditoria`,
      [id],
    );

  it('keeps who moved it, from which address, and the status before and after; a refused or same-status change adds none', async () => {
    const id = await proposalIn(10);
    const move = (token: string, to: number, address: string) =>
      demo.app.call('PUT', '/crm/proposta', { token, body: { PropostaID: id, ID_Status: to }, headers: { 'x-forwarded-for': address } });
    expect(await move(co.tokens.supervisor, 20, '10.31.0.1')).toEqual(CHANGED);
    expect(await move(co.tokens.manager, 50, '10.31.0.2')).toEqual(CHANGED);
    expect(await move(co.tokens.manager, 50, '10.31.0.3')).toMatchObject({ status: 200, body: { text: PROPOSAL_STATUS_TEXT.unchanged } });
    expect(await move(co.tokens.a, 60, '10.31.0.4')).toMatchObject({ status: 403 });
    expect(await auditOf(id)).toEqual([
      { actor: co.ids.supervisor, address: '10.31.0.1', before: { ID_Status: 10 }, after: { ID_Status: 20 } },
      { actor: co.ids.manager, address: '10.31.0.2', before: { ID_Status: 20 }, after: { ID_Status: 50 } },
    ]);
  });
});

describe('GET /crm/proposta/{id}/historico', () => {
  it('keeps every change with who, when, from and to, oldest first, for whoever may see the proposal', async () => {
    const id = await proposalIn(10);
    const before = Date.now();
    expect(await put(co.tokens.supervisor, id, 20)).toEqual(CHANGED);
    expect(await put(co.tokens.supervisor, id, 40)).toEqual(CHANGED);
    expect(await put(co.tokens.manager, id, 50)).toEqual(CHANGED);
    expect(await put(co.tokens.manager, id, 60)).toEqual(CHANGED);
    const after = Date.now();

    const entry = (who: 'supervisor' | 'manager', from: number, to: number) => ({
      TS_Alteracao: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      ID_Pessoa: co.ids[who],
      DE_Pessoa: who === 'supervisor' ? 'Supervisora' : 'Gerente',
      ID_StatusAnterior: from,
      DE_StatusAnterior: label(from),
      ID_Status: to,
      DE_Status: label(to),
    });
    const expected = [entry('supervisor', 10, 20), entry('supervisor', 20, 40), entry('manager', 40, 50), entry('manager', 50, 60)];
    // The proposal's attendant, a supervisor and a manager of the company read the same history.
    for (const token of [co.tokens.a, co.tokens.supervisor, co.tokens.manager]) {
      const { status, body } = await historyOf(token, id);
      expect(status).toBe(200);
      expect(body).toEqual({ success: true, text: '4 mudança(s) de status.', data: expected });
      const instants = body.data.map((e: { TS_Alteracao: string }) => Date.parse(e.TS_Alteracao));
      expect(instants).toEqual([...instants].sort((x, y) => x - y));
      expect(instants[0]).toBeGreaterThanOrEqual(before - 1000);
      expect(instants[3]).toBeLessThanOrEqual(after + 1000);
    }
    // A refused change adds nothing.
    expect(await put(co.tokens.supervisor, id, 10)).toEqual(forbidden(PROPOSAL_STATUS_TEXT.managerOnlyFrom));
    expect((await historyOf(co.tokens.manager, id)).body.data).toHaveLength(4);
  });

  it('goes with its proposal when a manager deletes it', async () => {
    const id = await proposalIn(10);
    expect(await put(co.tokens.a, id, 90)).toEqual(CHANGED);
    expect(await historyRows(id)).toBe(1);
    expect((await demo.app.call('DELETE', `/crm/proposta/${id}`, { token: co.tokens.manager })).status).toBe(200);
    expect(await historyRows(id)).toBe(0);
    expect(await historyOf(co.tokens.manager, id)).toEqual(NOT_FOUND);
  });

  it('starts with the registration: the attendant who registered it and status 10, then their cancellation', async () => {
    const email = 'atendente@demo.com.br';
    const token = demo.tokens[email];
    const client = DEMO_CLIENTS.find((c) => c.name === 'José Carlos Pereira')!;
    const clientId = await demoClientId(demo.app.db, client);
    const cliente = (await demo.get(`/crm/cliente/basicoPorID/${clientId}`, email)).body.data.cliente;
    const cards: { ID_TipoCredito: number }[] = (await demo.get(`/crm/cliente/operacoes/${clientId}`, email)).body.data;
    const card = cards.find((c) => c.ID_TipoCredito === 1)!;
    const contratar = [{ ...card, SN_Selecionado: true, CO_Agencia: '1234', CO_ContaCorrente: '56789', CO_ContaCorrenteDV: '0' }];
    const registered = await demo.app.call('POST', '/crm/proposta/0', { token, body: { cliente, contratar } });
    expect(registered.body.success).toBe(true);
    const id: number = registered.body.data[0].ID_Proposta;

    expect(await put(token, id, 90)).toEqual(CHANGED);
    const { body } = await historyOf(token, id);
    expect(body.data).toEqual([
      expect.objectContaining({
        DE_Pessoa: 'Ana Paula Souza',
        ID_StatusAnterior: null,
        DE_StatusAnterior: null,
        ID_Status: 10,
        DE_Status: label(10),
      }),
      expect.objectContaining({ DE_Pessoa: 'Ana Paula Souza', ID_StatusAnterior: 10, ID_Status: 90, DE_Status: 'Cancelada' }),
    ]);
    // Cancelled, it is out of the attendant's hands: only a manager brings it back.
    expect(await put(token, id, 10)).toEqual(forbidden(PROPOSAL_STATUS_TEXT.attendantOnlyCancels));
    expect(await put(demo.tokens['supervisor@demo.com.br'], id, 10)).toEqual(forbidden(PROPOSAL_STATUS_TEXT.managerOnlyFrom));
    expect(await put(demo.tokens['gerente@demo.com.br'], id, 10)).toEqual(CHANGED);
  });
});
