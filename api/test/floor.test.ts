import { ALERT_ATTENDANT_STATUS, ALERT_FLOOR_CHANGE, type FloorAttendant, type RealtimeAlert } from '@consig/shared/contracts';
import { eventually, eventuallyPasses } from './eventually';
import { decodeToken, useSignedInDemoApp } from './harness';
import { upcoming } from './upcoming';
import { wsClients, type WsClient } from './wsClient';

// The supervisor's floor (docs/rules.md "Attendant state"): states derived by the server from presence, status
// changes, Kamailio's call events and outcomes; the live board; a supervisor pausing an attendant; 'Meu dia'.
// A working Wednesday at 10:00 in São Paulo, moved by hand.
const clock = { now: upcoming(3, 10) };
const demo = useSignedInDemoApp({ clock: () => clock.now });
/** Time passes: the clock moves and this instance confirms its sockets, as its 20 s heartbeat does. */
async function later(seconds: number) {
  clock.now = new Date(clock.now.getTime() + seconds * 1000);
  await demo.app.app.floor.heartbeat();
}
const sockets = wsClients();
afterEach(() => sockets.closeAll());

const ANA = 'atendente@demo.com.br'; // extension 1001
const BRUNO = 'atendente2@demo.com.br';
const SUP = 'supervisor@demo.com.br';
const MANAGER = 'gerente@demo.com.br';
const OTHER = 'atendente@outra.com.br'; // company 2
const idOf = (email: string) => decodeToken(demo.tokens[email]).pessoa.ID_Pessoa as number;

const board = () => demo.get('/relatorios/ao-vivo', SUP);
const rowOf = async (email: string): Promise<FloorAttendant> =>
  (await board()).body.data.atendentes.find((row: FloorAttendant) => row.AtendenteID === idOf(email));
const stateOf = async (email: string) => (await rowOf(email)).CO_Estado;

/** A signed-in socket of `email` (the browser's realtime channel). */
async function signedInSocket(email: string): Promise<WsClient> {
  const client = await sockets.connect(demo.app, `10.9.0.${Math.floor(Math.random() * 200) + 1}`);
  client.socket.send(demo.tokens[email]);
  return client;
}
const floorAlerts = (client: WsClient, email: string) =>
  client.received.filter(
    (alert: RealtimeAlert) => alert.TP_Alerta === ALERT_FLOOR_CHANGE && (alert.DE_Dados as FloorAttendant).AtendenteID === idOf(email),
  );

let sequence = 0;
async function kamailio(endpoint: 'saida' | 'eventos', fields: Record<string, string>) {
  const response = await fetch(`${demo.app.url}/telefonia/sip/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${demo.app.config.sip.apiSecret}` },
    body: new URLSearchParams(fields).toString(),
  });
  return response.text();
}
const instant = () => (clock.now.getTime() / 1000).toFixed(6);
const event = (chamada: string, evento: string, fields: Record<string, string> = {}) =>
  kamailio('eventos', { chamada, evento, instante: instant(), ...fields });
const tabular = (email: string, ID_Status: number) =>
  demo.app.call('PUT', '/atendente/tabular', { token: demo.tokens[email], body: { ID_Status } });
const setStatusAs = (email: string, attendantId: number, ID_Status: unknown) =>
  demo.app.call('PUT', `/relatorios/ao-vivo/${attendantId}/status`, { token: demo.tokens[email], body: { ID_Status } });

describe('GET /relatorios/ao-vivo', () => {
  it('needs a token and a supervisor or manager; lists only the caller company’s active attendants', async () => {
    expect((await demo.app.call('GET', '/relatorios/ao-vivo')).status).toBe(401);
    expect(await demo.get('/relatorios/ao-vivo', ANA)).toMatchObject({ status: 403, body: { success: false } });
    const { status, body } = await board();
    expect(status).toBe(200);
    expect(body.data.atendentes.map((row: FloorAttendant) => row.DE_Pessoa)).toEqual([
      'Ana Paula Souza',
      'Bruno Henrique Lima',
      'Camila Torres',
    ]);
    expect(body.data).toMatchObject({ TS_Servidor: clock.now.toISOString(), NU_LimitePosAtendimento: 60 });
    expect((await demo.get('/relatorios/ao-vivo', MANAGER)).body.data.atendentes).toHaveLength(3);
  });

  it('shows nobody signed in as offline, with no call figures yet', async () => {
    expect(await rowOf(BRUNO)).toMatchObject({
      CO_Estado: 'offline',
      NU_Ligacoes: 0,
      NU_SegundosFalados: 0,
      NU_Propostas: 0,
      VL_Propostas: '0.00',
    });
  });
});

describe('states derived by the server', () => {
  it('signed in → available, pause → paused with its reason, back → available, socket gone → offline; the board is told each time', async () => {
    const supervisor = await signedInSocket(SUP);
    const ana = await signedInSocket(ANA);
    await eventuallyPasses(async () => expect(await stateOf(ANA)).toBe('disponivel'));
    await eventually(() => floorAlerts(supervisor, ANA).some((alert) => (alert.DE_Dados as FloorAttendant).CO_Estado === 'disponivel'));

    await later(30);
    expect((await tabular(ANA, 202)).status).toBe(200);
    expect(await rowOf(ANA)).toMatchObject({
      CO_Estado: 'pausa',
      ID_MotivoPausa: 202,
      DE_MotivoPausa: 'Almoço',
      TS_Estado: clock.now.toISOString(),
    });
    await eventually(() => floorAlerts(supervisor, ANA).some((alert) => (alert.DE_Dados as FloorAttendant).CO_Estado === 'pausa'));

    await later(600);
    await tabular(ANA, 81);
    expect(await stateOf(ANA)).toBe('disponivel');
    // 'Meu dia' counts the ten minutes of lunch.
    expect((await demo.get('/atendente/meu-dia', ANA)).body.data).toMatchObject({ NU_SegundosPausa: 600 });

    ana.socket.close();
    await eventuallyPasses(async () => expect(await stateOf(ANA)).toBe('offline'));
    const history = await demo.app.db.query<{ state: string }>(
      'select co_estado as state from atendente_estado_historico where id_pessoa = $1 order by id_historico',
      [idOf(ANA)],
    );
    expect(history.map((row) => row.state)).toEqual(['disponivel', 'pausa', 'disponivel', 'offline']);
  });

  it('a call: ringing out, in call with the client on the board, after-call work when it ends, available once a status is recorded', async () => {
    await signedInSocket(ANA);
    await eventuallyPasses(async () => expect(await stateOf(ANA)).toBe('disponivel'));
    const chamada = `floor-${++sequence}-${Date.now()}@floor.test`;
    expect(await kamailio('saida', { chamada, ramal: '1001', destino: '011987654321' })).toMatch(/^decisao=permitir/);
    await eventuallyPasses(async () => expect(await stateOf(ANA)).toBe('tocando'));

    await later(5);
    await event(chamada, 'atendida');
    expect(await rowOf(ANA)).toMatchObject({
      CO_Estado: 'em_ligacao',
      DE_Cliente: 'José Carlos Pereira',
      DE_CPFParcial: expect.stringMatching(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/),
    });

    await later(90);
    await event(chamada, 'encerrada', { quem: 'chamado' });
    expect(await rowOf(ANA)).toMatchObject({ CO_Estado: 'pos_atendimento', NU_Ligacoes: 1, NU_SegundosFalados: 90 });
    expect((await demo.get('/atendente/meu-dia', ANA)).body.data).toMatchObject({ NU_Ligacoes: 1, NU_SegundosFalados: 90 });

    await later(70); // over the 60 s limit: the board flags it from TS_Estado and NU_LimitePosAtendimento
    const row = await rowOf(ANA);
    expect(clock.now.getTime() - Date.parse(row.TS_Estado)).toBe(70_000);
    await tabular(ANA, 81);
    expect(await stateOf(ANA)).toBe('disponivel');
  });

  it('an instance that stops confirming its sockets (it crashed) leaves its attendants offline after 60 s', async () => {
    const bruno = idOf(BRUNO);
    await demo.app.db.query(`insert into atendente_presenca (co_instancia, id_empresa, id_pessoa, ts_visto) values ('morta', 1, $1, $2)`, [
      bruno,
      clock.now.toISOString(),
    ]);
    await demo.app.app.floor.refresh(1, bruno);
    expect(await stateOf(BRUNO)).toBe('disponivel');
    await later(59);
    await demo.app.app.floor.heartbeat();
    expect(await stateOf(BRUNO)).toBe('disponivel');
    await later(2);
    await demo.app.app.floor.heartbeat();
    expect(await stateOf(BRUNO)).toBe('offline');
  });
});

describe('PUT /relatorios/ao-vivo/{AtendenteID}/status', () => {
  it('needs a token and a supervisor or manager; another company’s attendant, or someone who is no attendant, is not found', async () => {
    expect((await demo.app.call('PUT', `/relatorios/ao-vivo/${idOf(ANA)}/status`, { body: { ID_Status: 202 } })).status).toBe(401);
    expect((await setStatusAs(BRUNO, idOf(ANA), 202)).status).toBe(403);
    expect(await setStatusAs(SUP, idOf(OTHER), 202)).toEqual({ status: 404, body: { success: false, text: 'Atendente não encontrado.' } });
    expect((await setStatusAs(SUP, idOf(MANAGER), 202)).status).toBe(404);
    expect((await setStatusAs(SUP, idOf(ANA), 301)).body).toEqual({ success: false, text: 'ID_Status: Motivo de pausa inválido.' });
    expect(
      (await demo.app.call('PUT', '/relatorios/ao-vivo/abc/status', { token: demo.tokens[SUP], body: { ID_Status: 202 } })).status,
    ).toBe(400);
  });

  it('pauses the attendant (their screen is told), audits it, and resumes them', async () => {
    const ana = await signedInSocket(ANA);
    await eventuallyPasses(async () => expect(await stateOf(ANA)).toBe('disponivel'));
    const paused = await setStatusAs(SUP, idOf(ANA), 204);
    expect(paused).toEqual({
      status: 200,
      body: {
        success: true,
        text: 'Ana Paula Souza em pausa: Feedback.',
        ID_Status: 201,
        ID_MotivoPausa: 204,
        data: { ID_Status: 201, ID_MotivoPausa: 204 },
      },
    });
    expect(await rowOf(ANA)).toMatchObject({ CO_Estado: 'pausa', ID_MotivoPausa: 204 });
    await eventuallyPasses(() =>
      expect(ana.received).toContainEqual({
        TP_Alerta: ALERT_ATTENDANT_STATUS,
        DE_Dados: { ID_Status: 201, ID_MotivoPausa: 204 },
        DE_Observacao: 'Seu supervisor registrou uma pausa: Feedback.',
      }),
    );
    // The attendant's own GET sees it too.
    expect((await demo.get('/atendente/status', ANA)).body).toMatchObject({ ID_Status: 201, ID_MotivoPausa: 204 });

    expect((await setStatusAs(MANAGER, idOf(ANA), 81)).body.text).toBe('Ana Paula Souza está disponível.');
    expect(await stateOf(ANA)).toBe('disponivel');
    const audit = await demo.app.db.query<{
      action: string;
      actor: number;
      address: string;
      detail: { ID_Atendente: number; ID_Status: number };
    }>(
      `select tp_acao as action, id_pessoa as actor, de_endereco as address, js_detalhe as detail from auditoria
        where tp_acao like 'atendente.%' order by id_auditoria`,
    );
    // The address is the caller's as the API sees it (these requests come from this machine, with no proxy header).
    expect(audit).toEqual([
      { action: 'atendente.pausa', actor: idOf(SUP), address: '127.0.0.1', detail: { ID_Atendente: idOf(ANA), ID_Status: 204 } },
      { action: 'atendente.retomada', actor: idOf(MANAGER), address: '127.0.0.1', detail: { ID_Atendente: idOf(ANA), ID_Status: 81 } },
    ]);
  });
});

describe('PUT /relatorios/ao-vivo/limite', () => {
  const setLimitAs = (email: string | null, body: unknown) =>
    demo.app.call('PUT', '/relatorios/ao-vivo/limite', { token: email ? demo.tokens[email] : undefined, body });
  const limitText = 'NU_LimitePosAtendimento: Informe o limite de pós-atendimento em segundos, de 10 a 3600.';

  it('needs a token and a manager; refuses a limit outside 10–3600 s with the rule', async () => {
    expect((await setLimitAs(null, { NU_LimitePosAtendimento: 90 })).status).toBe(401);
    expect((await setLimitAs(SUP, { NU_LimitePosAtendimento: 90 })).status).toBe(403);
    expect((await setLimitAs(ANA, { NU_LimitePosAtendimento: 90 })).status).toBe(403);
    for (const value of [9, 3601, 60.5, '90', null]) {
      expect(await setLimitAs(MANAGER, { NU_LimitePosAtendimento: value })).toEqual({
        status: 400,
        body: { success: false, text: limitText },
      });
    }
    expect((await board()).body.data.NU_LimitePosAtendimento).toBe(60);
  });

  it("sets the caller company's limit, which the board flags by, audited; another company's stays", async () => {
    expect(await setLimitAs(MANAGER, { NU_LimitePosAtendimento: 90 })).toEqual({
      status: 200,
      body: { success: true, text: 'Limite de pós-atendimento: 90 s.' },
    });
    expect((await board()).body.data.NU_LimitePosAtendimento).toBe(90);
    const [other] = await demo.app.db.query<{ limit: number }>(
      'select nu_limite_pos_atendimento as "limit" from empresa where id_empresa = 2',
    );
    expect(other.limit).toBe(60);
    const audit = await demo.app.db.query<{ actor: number; address: string; before: object; after: object }>(
      `select id_pessoa as actor, de_endereco as address, js_antes as before, js_depois as after from auditoria
        where tp_acao = 'empresa.limite_pos_atendimento'`,
    );
    expect(audit).toEqual([
      { actor: idOf(MANAGER), address: '127.0.0.1', before: { NU_LimitePosAtendimento: 60 }, after: { NU_LimitePosAtendimento: 90 } },
    ]);
    // The same limit again: the same answer, nothing to audit.
    expect((await setLimitAs(MANAGER, { NU_LimitePosAtendimento: 90 })).body).toEqual({
      success: true,
      text: 'Limite de pós-atendimento: 90 s.',
    });
    expect(await demo.app.db.query("select 1 from auditoria where tp_acao = 'empresa.limite_pos_atendimento'")).toHaveLength(1);
    await setLimitAs(MANAGER, { NU_LimitePosAtendimento: 60 });
  });
});

describe('GET /atendente/meu-dia', () => {
  it('needs a token; answers the caller’s own day only', async () => {
    expect((await demo.app.call('GET', '/atendente/meu-dia')).status).toBe(401);
    expect((await demo.get('/atendente/meu-dia', OTHER)).body.data).toEqual({
      NU_Ligacoes: 0,
      NU_SegundosFalados: 0,
      NU_SegundosPausa: 0,
      NU_Propostas: 0,
      VL_Propostas: '0.00',
    });
  });
});
