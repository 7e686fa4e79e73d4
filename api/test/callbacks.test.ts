import { saoPauloDate } from '@consig/shared/credit';
import { addDays } from '../src/queue/callingRules';
import { useSignedInDemoApp } from './harness';
import { upcoming } from './upcoming';

// The callback calendar (docs/rules.md "The callback calendar"): callbacks are made through the real endpoints
// (GET /crm/cliente/proximo, then outcome 305 with DT_Retorno), on a working Wednesday at 10:00 in São Paulo.
const HOUR = 3_600_000;
const clock = { now: upcoming(3, 10) };
const demo = useSignedInDemoApp({ clock: () => clock.now });

const A = 'atendente@demo.com.br';
const B = 'atendente2@demo.com.br';
const C = 'atendente3@demo.com.br';
const SUP = 'supervisor@demo.com.br';
const GER = 'gerente@demo.com.br';
const OTHER = 'atendente@outra.com.br';

const today = saoPauloDate(clock.now);
const tomorrow = addDays(today, 1);
/** A São Paulo wall-clock time as the API writes it (ISO 8601 with São Paulo's offset, which is -03:00 all year). */
const sp = (day: string, hhmm: string) => `${day}T${hhmm}:00.000-03:00`;
const ddmmyyyy = (day: string) => day.split('-').reverse().join('/');

const next = (email: string) => demo.get('/crm/cliente/proximo', email);
const tabulate = (email: string, body: object) => demo.app.call('PUT', '/crm/tabulacao/cliente', { token: demo.tokens[email], body });
const list = (email: string, search: string) => demo.get(`/crm/retornos?${search}`, email);
const week = `inicio=${today}&fim=${addDays(today, 6)}`;
const move = (email: string, queueId: number | string, body: object) =>
  demo.app.call('PUT', `/crm/retornos/${queueId}`, { token: demo.tokens[email], body });

const personId = async (email: string) =>
  (await demo.app.db.query<{ id: number }>('select id_pessoa as id from pessoa where em_email = $1', [email]))[0].id;
const queueRow = async (queueId: number) =>
  (
    await demo.app.db.query<{ estado: string; tipo: string; owner: number | null; due: Date; tentativas: number }>(
      `select co_estado as estado, co_tipo as tipo, id_atendente as owner, ts_disponivel as due, nu_tentativas as tentativas
         from fila where id_fila = $1`,
      [queueId],
    )
  )[0];
const clientName = async (clientId: number) =>
  (await demo.app.db.query<{ name: string }>('select de_pessoa as name from cliente where id_cliente = $1', [clientId]))[0].name;

/** `email` takes the next client and asks to be called back at `at`: the callback's queue row and client. */
async function callbackOf(email: string, at: string): Promise<{ queueId: number; clientId: number }> {
  const clientId = (await next(email)).body.data.cliente.ClienteID;
  const { status, body } = await tabulate(email, { ID_Status: 305, ID_Cliente: clientId, DT_Retorno: at });
  expect({ status, success: body.success }).toEqual({ status: 200, success: true });
  const [{ id }] = await demo.app.db.query<{ id: number }>("select id_fila as id from fila where id_cliente = $1 and co_tipo = 'retorno'", [
    clientId,
  ]);
  return { queueId: id, clientId };
}

let ids: Record<'A' | 'B' | 'SUP' | 'OTHER', number>;
/** A's at 14:00 today and 09:00 tomorrow, B's at 16:00 today, and one nobody owns at 11:00 today (a missed call). */
const made = {} as Record<'aToday' | 'aTomorrow' | 'bToday' | 'unowned', { queueId: number; clientId: number }>;

beforeAll(async () => {
  ids = { A: await personId(A), B: await personId(B), SUP: await personId(SUP), OTHER: await personId(OTHER) };
  made.aToday = await callbackOf(A, `${today}T14:00:00-03:00`);
  made.aTomorrow = await callbackOf(A, `${tomorrow}T09:00:00-03:00`);
  made.bToday = await callbackOf(B, `${today}T16:00:00-03:00`);
  // A missed inbound call makes a callback nobody owns (src/calls/missedCall.ts); here a client the queue would hand
  // out is set so, due at 11:00.
  const client = (await next(C)).body.data.cliente.ClienteID;
  const [{ id }] = await demo.app.db.query<{ id: number }>(
    `update fila set co_estado = 'aguardando', co_tipo = 'retorno', id_atendente = null, ts_lease = null, ts_disponivel = $2
      where id_cliente = $1 and co_estado = 'em_atendimento'
      returning id_fila as id`,
    [client, sp(today, '11:00')],
  );
  made.unowned = { queueId: id, clientId: client };
});

/** The callback as GET /crm/retornos lists it. */
async function expected(key: keyof typeof made, owner: 'A' | 'B' | null, day: string, hhmm: string, overdue: 0 | 1 = 0) {
  const { queueId, clientId } = made[key];
  const names = { A: 'Ana Paula Souza', B: 'Bruno Henrique Lima' };
  return {
    FilaID: queueId,
    ClienteID: clientId,
    DE_Cliente: await clientName(clientId),
    ID_Campanha: expect.any(Number),
    DE_Campanha: 'INSS Aposentados SP',
    ID_Atendente: owner && ids[owner],
    DE_Atendente: owner && names[owner],
    TS_Retorno: sp(day, hhmm),
    SN_Vencido: overdue,
  };
}

describe('GET /crm/retornos', () => {
  it('needs a session', async () => {
    expect(await demo.app.call('GET', `/crm/retornos?${week}`)).toEqual({
      status: 401,
      body: { success: false, text: expect.any(String) },
    });
    expect(
      (await demo.app.call('PUT', `/crm/retornos/${made.aToday.queueId}`, { body: { DT_Retorno: sp(tomorrow, '10:00') } })).status,
    ).toBe(401);
  });

  it("gives an attendant their own callbacks of the range, in due order, at São Paulo's wall-clock time", async () => {
    const { status, body } = await list(A, week);
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      text: '2 retorno(s).',
      data: [await expected('aToday', 'A', today, '14:00'), await expected('aTomorrow', 'A', tomorrow, '09:00')],
    });
    // Naming themself is the same; the days bound the range.
    expect((await list(A, `${week}&ID_Atendente=${ids.A}`)).body.data).toEqual(body.data);
    expect((await list(A, `inicio=${tomorrow}&fim=${tomorrow}`)).body.data.map((row: { FilaID: number }) => row.FilaID)).toEqual([
      made.aTomorrow.queueId,
    ]);
  });

  it("refuses an attendant another person's callbacks", async () => {
    for (const other of [ids.B, ids.SUP, ids.OTHER]) {
      expect(await list(A, `${week}&ID_Atendente=${other}`)).toEqual({
        status: 403,
        body: { success: false, text: 'Você só pode ver os seus próprios retornos.' },
      });
    }
  });

  it("gives supervisors and managers the company's callbacks, those nobody owns included, or one attendant's", async () => {
    const all = [
      await expected('unowned', null, today, '11:00'),
      await expected('aToday', 'A', today, '14:00'),
      await expected('bToday', 'B', today, '16:00'),
      await expected('aTomorrow', 'A', tomorrow, '09:00'),
    ];
    for (const email of [SUP, GER]) {
      expect((await list(email, week)).body).toEqual({ success: true, text: '4 retorno(s).', data: all });
      expect((await list(email, `${week}&ID_Atendente=${ids.B}`)).body.data).toEqual([all[2]]);
      // A person of the company without callbacks: an empty list.
      expect((await list(email, `${week}&ID_Atendente=${ids.SUP}`)).body).toEqual({
        success: true,
        text: 'Nenhum retorno neste período.',
        data: [],
      });
    }
  });

  it('marks the callbacks whose time has passed, and leaves out the ones no longer waiting', async () => {
    clock.now = new Date(clock.now.getTime() + 1.5 * HOUR); // 11:30
    const rows = (await list(SUP, week)).body.data;
    expect(rows.map((row: { FilaID: number; SN_Vencido: number }) => [row.FilaID, row.SN_Vencido])).toEqual([
      [made.unowned.queueId, 1],
      [made.aToday.queueId, 0],
      [made.bToday.queueId, 0],
      [made.aTomorrow.queueId, 0],
    ]);
    // Claimed by an attendant, the callback is in someone's hands, not on the calendar.
    expect((await next(B)).body.data.cliente.ClienteID).toBe(made.unowned.clientId);
    expect((await list(SUP, week)).body.data.map((row: { FilaID: number }) => row.FilaID)).not.toContain(made.unowned.queueId);
    expect((await move(SUP, made.unowned.queueId, { DT_Retorno: sp(tomorrow, '10:00') })).body).toEqual({
      success: false,
      text: 'Retorno não encontrado.',
    });
    await tabulate(B, { ID_Status: 303, ID_Cliente: made.unowned.clientId });
  });

  it("knows no other company's attendants, nor shows its callbacks", async () => {
    expect(await list(SUP, `${week}&ID_Atendente=${ids.OTHER}`)).toEqual({
      status: 404,
      body: { success: false, text: 'Atendente não encontrado.' },
    });
    expect((await list(SUP, `${week}&ID_Atendente=99999999`)).status).toBe(404);
    expect((await list(OTHER, week)).body).toEqual({ success: true, text: 'Nenhum retorno neste período.', data: [] });
  });

  it('validates the range: São Paulo days, in order, at most 62 of them', async () => {
    const bad = async (search: string, text: string) =>
      expect(await list(SUP, search)).toEqual({ status: 400, body: { success: false, text } });
    await bad(`fim=${today}`, 'inicio: Este campo é obrigatório.');
    await bad(`inicio=${today}`, 'fim: Este campo é obrigatório.');
    await bad(`inicio=${ddmmyyyy(today)}&fim=${today}`, 'inicio: Data inválida (use AAAA-MM-DD).');
    await bad(`inicio=2026-02-30&fim=2026-03-02`, 'inicio: Data inexistente.');
    await bad(`inicio=${tomorrow}&fim=${today}`, 'fim: A data final não pode ser anterior à inicial.');
    await bad(`inicio=${today}&fim=${addDays(today, 62)}`, 'fim: O período pode ter no máximo 62 dias.');
    await bad(`${week}&ID_Atendente=abc`, 'ID_Atendente: Identificador inválido.');
    expect((await list(SUP, `inicio=${today}&fim=${addDays(today, 61)}`)).body.data).toHaveLength(3);
  });
});

describe('PUT /crm/retornos/{FilaID}', () => {
  it('moves a callback to another slot: it shows there, with the same owner and attempts', async () => {
    const before = await queueRow(made.aToday.queueId);
    const { status, body } = await move(A, made.aToday.queueId, { DT_Retorno: `${tomorrow}T15:30:00-03:00` });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      text: `Retorno reagendado para ${ddmmyyyy(tomorrow)} 15:30.`,
      data: await expected('aToday', 'A', tomorrow, '15:30'),
    });
    expect((await list(A, `inicio=${today}&fim=${today}`)).body.data).toEqual([]);
    expect((await list(A, `inicio=${tomorrow}&fim=${tomorrow}`)).body.data).toEqual([
      await expected('aTomorrow', 'A', tomorrow, '09:00'),
      await expected('aToday', 'A', tomorrow, '15:30'),
    ]);
    expect(await queueRow(made.aToday.queueId)).toEqual({ ...before, due: new Date(sp(tomorrow, '15:30')) });
  });

  it("lets supervisors and managers move any of the company's callbacks, an attendant only their own", async () => {
    const { body } = await move(SUP, made.bToday.queueId, { DT_Retorno: `${tomorrow}T08:15:00-03:00` });
    expect(body.data).toMatchObject({ ID_Atendente: ids.B, TS_Retorno: sp(tomorrow, '08:15') });
    expect((await move(GER, made.bToday.queueId, { DT_Retorno: `${tomorrow}T08:30:00-03:00` })).status).toBe(200);

    expect(await move(A, made.bToday.queueId, { DT_Retorno: `${tomorrow}T11:00:00-03:00` })).toEqual({
      status: 403,
      body: { success: false, text: 'Você só pode reagendar os seus próprios retornos.' },
    });
    expect((await queueRow(made.bToday.queueId)).due).toEqual(new Date(sp(tomorrow, '08:30')));
  });

  it("answers 404 for another company's callback, a row that is no waiting callback and an unknown id", async () => {
    const notFound = { status: 404, body: { success: false, text: 'Retorno não encontrado.' } };
    expect(await move(OTHER, made.aTomorrow.queueId, { DT_Retorno: sp(tomorrow, '10:00') })).toEqual(notFound);
    const [{ id: fresh }] = await demo.app.db.query<{ id: number }>(
      "select id_fila as id from fila where id_empresa = 1 and co_estado = 'aguardando' and co_tipo = 'novo' limit 1",
    );
    expect(await move(SUP, fresh, { DT_Retorno: sp(tomorrow, '10:00') })).toEqual(notFound);
    expect(await move(SUP, 99_999_999, { DT_Retorno: sp(tomorrow, '10:00') })).toEqual(notFound);
    expect((await queueRow(made.aTomorrow.queueId)).due).toEqual(new Date(sp(tomorrow, '09:00')));
  });

  it('refuses the times outcome 305 refuses, with the same texts, and changes nothing', async () => {
    // A client held by A, to send outcome 305 with the same DT_Retorno and compare the answers.
    const held = (await next(A)).body.data.cliente.ClienteID;
    const now = clock.now.getTime();
    const before = await queueRow(made.aTomorrow.queueId);
    const cases: [string, string][] = [
      [new Date(now - HOUR).toISOString(), 'A data de retorno deve ser no futuro.'],
      [clock.now.toISOString(), 'A data de retorno deve ser no futuro.'],
      [new Date(now + 61 * 24 * HOUR).toISOString(), 'A data de retorno deve estar nos próximos 60 dias.'],
      ['25/12/2026 10:00', 'DT_Retorno: Data de retorno inválida: use data, hora e fuso (2026-11-23T14:30:00-03:00).'],
      [`${tomorrow}T10:00`, 'DT_Retorno: Data de retorno inválida: use data, hora e fuso (2026-11-23T14:30:00-03:00).'],
      ['2026-13-01T10:00:00-03:00', 'DT_Retorno: Data de retorno inválida.'],
    ];
    for (const [DT_Retorno, text] of cases) {
      const moved = await move(A, made.aTomorrow.queueId, { DT_Retorno });
      expect({ DT_Retorno, ...moved }).toEqual({ DT_Retorno, status: 400, body: { success: false, text } });
      const outcome = await tabulate(A, { ID_Status: 305, ID_Cliente: held, DT_Retorno });
      expect({ DT_Retorno, ...outcome }).toEqual({ DT_Retorno, status: 400, body: { success: false, text } });
    }
    expect((await move(A, made.aTomorrow.queueId, {})).body.text).toBe('DT_Retorno: Este campo é obrigatório.');
    expect((await move(A, 'abc', { DT_Retorno: sp(tomorrow, '10:00') })).body.text).toBe('FilaID: Identificador inválido.');
    expect(await queueRow(made.aTomorrow.queueId)).toEqual(before);
    // Within 60 days is fine.
    const last = new Date(now + 60 * 24 * HOUR - 60_000).toISOString();
    expect((await move(A, made.aTomorrow.queueId, { DT_Retorno: last })).status).toBe(200);
    expect((await queueRow(made.aTomorrow.queueId)).due).toEqual(new Date(last));
    await tabulate(A, { ID_Status: 303, ID_Cliente: held });
  });
});
