import { makeCpf } from '@consig/shared/format';
import { DEMO_CLIENTS, DEMO_QUEUE, type DemoClient } from '../src/db/demoData';
import { eventually } from './eventually';
import { demoClientId, useSignedInDemoApp } from './harness';
import { upcoming } from './upcoming';

const MINUTE = 60_000;
// A working Wednesday at 10:00 in São Paulo; the sweep runs every 100 ms against this clock.
const clock = { now: upcoming(3, 10) };
const demo = useSignedInDemoApp({ clock: () => clock.now, env: { SIP_CALLER_ID: '03031234567' }, callSweepIntervalMs: 100 });
const later = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));

const A = 'atendente@demo.com.br'; // extension 1001
const B = 'atendente2@demo.com.br'; // extension 1002
const SUP = 'supervisor@demo.com.br';
const OTHER = 'atendente@outra.com.br'; // company 2, given extension 2001 below

let sequence = 0;
const newCallId = () => `chamada-${++sequence}-${Date.now()}@calls.test`;

async function kamailio(endpoint: 'saida' | 'entrada' | 'eventos', fields: Record<string, string>, secret?: string | null) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (secret !== null) headers.authorization = `Bearer ${secret ?? demo.app.config.sip.apiSecret}`;
  const response = await fetch(`${demo.app.url}/telefonia/sip/${endpoint}`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}
/** Kamailio's reading of an answer ({param.value,name}). */
const read = (text: string) => Object.fromEntries(text.split(';').map((pair) => pair.split('=')));

const dial = async (extension: string, destino: string, call = newCallId()) => ({
  chamada: call,
  ...(await kamailio('saida', { chamada: call, ramal: extension, destino })),
});
const ring = async (origem: string, did: string, call = newCallId()) => ({
  chamada: call,
  ...(await kamailio('entrada', { chamada: call, origem, did })),
});
/** Kamailio's `$TV(Sn)` for the app's clock plus `seconds`. */
const instant = (seconds = 0) => ((clock.now.getTime() + seconds * 1000) / 1000).toFixed(6);
const event = (evento: string, fields: Record<string, string> = {}) => kamailio('eventos', { evento, instante: instant(), ...fields });

interface CallRow {
  id: number;
  empresa: number;
  direcao: string;
  atendente: number | null;
  ramal: string | null;
  cliente: number | null;
  campanha: number | null;
  origem: string;
  destino: string;
  identificador: string | null;
  situacao: string;
  encerramento: string | null;
  recusa: string | null;
  sip: number | null;
  gravacao: string | null;
  inicio: string;
  atendimento: string | null;
  fim: string | null;
}
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const CALL_COLUMNS = `id_ligacao as id, id_empresa as empresa, co_direcao as direcao, id_atendente as atendente, nu_ramal as ramal,
  id_cliente as cliente, id_campanha as campanha, nu_origem as origem, nu_destino as destino, nu_identificador as identificador,
  co_situacao as situacao, co_encerramento as encerramento, co_recusa as recusa, co_sip as sip, co_gravacao as gravacao,
  ${iso('ts_inicio')} as inicio, ${iso('ts_atendimento')} as atendimento, ${iso('ts_fim')} as fim`;
const callsOf = (callId: string) => demo.app.db.query<CallRow>(`select ${CALL_COLUMNS} from ligacao where co_sip_call_id = $1`, [callId]);
const callRow = async (id: number | string) =>
  (await demo.app.db.query<CallRow>(`select ${CALL_COLUMNS} from ligacao where id_ligacao = $1`, [Number(id)]))[0];
const openCalls = () => demo.app.db.query<CallRow>(`select ${CALL_COLUMNS} from ligacao where co_situacao <> 'encerrada'`);

const isoOf = (date: Date) => `${date.toISOString().slice(0, 23)}000Z`;
const personId = async (email: string) =>
  (await demo.app.db.query<{ id: number }>('select id_pessoa as id from pessoa where em_email = $1', [email]))[0].id;
const clientOf = (cpfBase: string) => demoClientId(demo.app.db, DEMO_CLIENTS.find((c) => c.cpfBase === cpfBase) as DemoClient);
const campaignId = async () =>
  (
    await demo.app.db.query<{ id: number }>('select id_campanha as id from campanha where id_empresa = 1 and co_campanha = $1', [
      DEMO_QUEUE.campaignCode,
    ])
  )[0].id;
const pause = (email: string, ID_Status: number) =>
  demo.app.call('PUT', '/atendente/tabular', { token: demo.tokens[email], body: { ID_Status } });

const JOSE = '111444777'; // 11987654321, 1132654321: the queue's first client
const MARIA = '529982247'; // 21998765432
const ANTONIO = '145382206'; // 31991234567
const CARLOS = '953861704'; // 11976543210, FGTS
const RAIMUNDO = '731649582'; // 85997890123, INSS, no lead
const OSVALDO = '123456789'; // company 2, 48991112233

beforeAll(async () => {
  await demo.app.db.query("update pessoa set sn_telefonia = 1, nu_ramal = '2001' where em_email = $1", [OTHER]);
});

describe("Kamailio's endpoints: secret, forms, plain answers", () => {
  it('refuse a missing or wrong secret with 401 and write nothing', async () => {
    for (const endpoint of ['saida', 'entrada', 'eventos'] as const) {
      for (const secret of [null, 'errado', `${demo.app.config.sip.apiSecret}x`]) {
        const answer = await kamailio(
          endpoint,
          { chamada: 'x', ramal: '1001', destino: '1002', origem: '1', did: '1130030303', evento: 'reinicio', instante: instant() },
          secret,
        );
        expect(answer).toEqual({ status: 401, type: 'text/plain; charset=utf-8', text: 'Segredo do Kamailio inválido.' });
      }
    }
    // A user's session is no Kamailio secret either.
    const withToken = await fetch(`${demo.app.url}/telefonia/sip/saida`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.tokens[A]}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'chamada=x&ramal=1001&destino=1002',
    });
    expect(withToken.status).toBe(401);
    expect(await demo.app.db.query('select 1 from ligacao')).toHaveLength(0);
  });

  it('take forms only, answering problems as plain text', async () => {
    const missing = await kamailio('saida', { ramal: '1001', destino: '1002' });
    expect(missing).toEqual({ status: 400, type: 'text/plain; charset=utf-8', text: 'chamada: Informe o Call-ID.' });
    expect((await kamailio('saida', { chamada: 'x'.repeat(201), ramal: '1001', destino: '1002' })).status).toBe(400);
    expect((await kamailio('saida', { chamada: 'x', ramal: '10a1', destino: '1002' })).text).toBe('ramal: Ramal inválido.');
    const json = await fetch(`${demo.app.url}/telefonia/sip/saida`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.app.config.sip.apiSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ chamada: 'x', ramal: '1001', destino: '1002' }),
    });
    expect(json.status).toBe(415);
    expect(json.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('stay out of the OpenAPI description', async () => {
    const { body } = await demo.app.call('GET', '/docs/json');
    expect(Object.keys(body.paths).filter((path) => path.startsWith('/telefonia/sip'))).toEqual([]);
  });
});

describe('POST /telefonia/sip/saida: an extension places a call', () => {
  it('refuses an unknown extension, and one without telephony, without a record', async () => {
    expect((await dial('9999', '011987654321')).text).toBe('decisao=recusar;codigo=403;motivo=ramal');
    await demo.app.db.query("update pessoa set sn_telefonia = 0 where nu_ramal = '1002'");
    const refused = await dial('1002', '011987654321');
    await demo.app.db.query("update pessoa set sn_telefonia = 1 where nu_ramal = '1002'");
    expect(refused.text).toBe('decisao=recusar;codigo=403;motivo=ramal');
    expect(await callsOf(refused.chamada)).toEqual([]);
  });

  it('lets an extension call another of its company (internal call)', async () => {
    const { chamada, status, type, text } = await dial('1001', '1002');
    expect({ status, type }).toEqual({ status: 200, type: 'text/plain; charset=utf-8' });
    const answer = read(text);
    expect(text).toBe(`decisao=permitir;tipo=interna;ligacao=${answer.ligacao}`);
    expect(await callsOf(chamada)).toEqual([
      expect.objectContaining({
        id: Number(answer.ligacao),
        empresa: 1,
        direcao: 'interna',
        atendente: await personId(A),
        ramal: '1001',
        origem: '1001',
        destino: '1002',
        situacao: 'tocando',
        inicio: isoOf(clock.now),
      }),
    ]);
  });

  it("refuses another company's extension both ways", async () => {
    for (const [from, to] of [
      ['1001', '2001'],
      ['2001', '1001'],
    ]) {
      const refused = await dial(from, to);
      expect(refused.text).toBe('decisao=recusar;codigo=403;motivo=ramal');
      expect(await callsOf(refused.chamada)).toEqual([]);
    }
  });

  it("allows a call to the client the attendant holds, recorded with its campaign, showing the campaign's number", async () => {
    const held = (await demo.get('/crm/cliente/proximo', A)).body.data.cliente.ClienteID;
    expect(held).toBe(await clientOf(JOSE));
    const { chamada, text } = await dial('1001', '011987654321'); // product-spec §9: the softphone's leading 0
    const answer = read(text);
    expect(text).toBe(`decisao=permitir;tipo=saida;ligacao=${answer.ligacao};identificador=1140044004`);
    expect((await callsOf(chamada))[0]).toMatchObject({
      direcao: 'saida',
      atendente: await personId(A),
      ramal: '1001',
      cliente: held,
      campanha: await campaignId(),
      origem: '1001',
      destino: '11987654321',
      identificador: '1140044004',
      situacao: 'tocando',
      encerramento: null,
      gravacao: null,
    });
  });

  it("shows the company's main number for a client not held, and SIP_CALLER_ID for a company without one", async () => {
    const { chamada, text } = await dial('1002', '+55 (21) 99876-5432');
    expect(read(text)).toMatchObject({ decisao: 'permitir', tipo: 'saida', identificador: '1130030303' });
    expect((await callsOf(chamada))[0]).toMatchObject({
      cliente: await clientOf(MARIA),
      campanha: null,
      destino: '21998765432',
      atendente: await personId(B),
    });

    await demo.app.db.query("update numero_empresa set sn_principal = 0 where nu_numero = '1130030303'");
    const fallback = await dial('1002', '011955554444');
    await demo.app.db.query("update numero_empresa set sn_principal = 1 where nu_numero = '1130030303'");
    expect(read(fallback.text)).toMatchObject({ decisao: 'permitir', identificador: '03031234567' });
    expect((await callsOf(fallback.chamada))[0]).toMatchObject({ cliente: null, identificador: '03031234567' });
  });

  it('refuses a number on the suppression list (Não Me Perturbe), recording the refusal', async () => {
    const [{ number }] = await demo.app.db.query<{ number: string }>('select co_telefone as number from nao_perturbe where id_empresa = 1');
    const { chamada, text } = await dial('1001', `0${number}`);
    const answer = read(text);
    expect(text).toBe(`decisao=recusar;codigo=403;motivo=nao-perturbe;ligacao=${answer.ligacao}`);
    expect((await callsOf(chamada))[0]).toMatchObject({
      id: Number(answer.ligacao),
      direcao: 'saida',
      destino: number,
      situacao: 'encerrada',
      encerramento: 'recusada',
      recusa: 'nao-perturbe',
      sip: 403,
      gravacao: 'nao_gravada',
      identificador: null,
      inicio: isoOf(clock.now),
      fim: isoOf(clock.now),
    });
  });

  it('refuses a do-not-call client (nao-ligar) and an INSS client inside the 180-day ban (inss-180-dias)', async () => {
    const antonio = await clientOf(ANTONIO);
    await demo.app.db.query('update cliente set ts_nao_ligar = $2 where id_cliente = $1', [antonio, clock.now.toISOString()]);
    const doNotCall = await dial('1001', '031991234567');
    await demo.app.db.query('update cliente set ts_nao_ligar = null where id_cliente = $1', [antonio]);
    expect(read(doNotCall.text)).toMatchObject({ decisao: 'recusar', codigo: '403', motivo: 'nao-ligar' });
    expect((await callsOf(doNotCall.chamada))[0]).toMatchObject({ cliente: antonio, recusa: 'nao-ligar', encerramento: 'recusada' });

    const [banned] = await demo.app.db.query<{ phone: string; id: number }>(
      `select t.co_ddd || t.co_telefone as phone, c.id_cliente as id from cliente c join telefone t on t.id_cliente = c.id_cliente
        where c.id_empresa = 1 and c.dt_ddb > current_date - 170 order by c.dt_ddb limit 1`,
    );
    const ban = await dial('1002', `0${banned.phone}`);
    expect(read(ban.text)).toMatchObject({ decisao: 'recusar', codigo: '403', motivo: 'inss-180-dias' });
    expect((await callsOf(ban.chamada))[0]).toMatchObject({ cliente: banned.id, recusa: 'inss-180-dias' });
  });

  it("refuses outside the calling window in the client's local time: its state, else its DDD's state", async () => {
    // Company 2 calls 08:00–09:30 (client local time); it is 10:00 in São Paulo, 09:00 in Manaus, 08:00 in Acre.
    await demo.app.db.query('insert into janela_ligacao (id_empresa) values (2)');
    await demo.app.db.query(
      "insert into janela_ligacao_dia (id_empresa, nu_dia_semana, hr_inicio, hr_fim) select 2, d, '08:00', '09:30' from generate_series(1, 5) d",
    );
    const osvaldo = await dial('2001', '048991112233');
    expect(read(osvaldo.text)).toMatchObject({ decisao: 'recusar', motivo: 'fora-do-horario' });
    expect((await callsOf(osvaldo.chamada))[0]).toMatchObject({ empresa: 2, cliente: await clientOf(OSVALDO), recusa: 'fora-do-horario' });
    expect(read((await dial('2001', '01133334444')).text)).toMatchObject({ decisao: 'recusar', motivo: 'fora-do-horario' });
    expect(read((await dial('2001', '06833334444')).text)).toMatchObject({ decisao: 'permitir', identificador: '2130002000' });
    expect(read((await dial('2001', '09233334444')).text)).toMatchObject({ decisao: 'permitir' });
    await demo.app.db.query('delete from janela_ligacao where id_empresa = 2');
    expect(read((await dial('2001', '048991112233')).text)).toMatchObject({ decisao: 'permitir', identificador: '2130002000' });
  });

  it('refuses what is no phone number (484)', async () => {
    const { chamada, text } = await dial('1001', '190');
    expect(text).toBe(`decisao=recusar;codigo=484;motivo=numero;ligacao=${read(text).ligacao}`);
    expect((await callsOf(chamada))[0]).toMatchObject({ destino: '190', recusa: 'numero', sip: 484 });
  });

  it('answers a re-sent INVITE (same Call-ID) as the first time, with one record, even if the rules changed since', async () => {
    const first = await dial('1002', '011976543210');
    expect(read(first.text).decisao).toBe('permitir');
    await demo.app.db.query("insert into nao_perturbe (id_empresa, co_telefone) values (1, '11976543210')");
    expect((await dial('1002', '011976543210', first.chamada)).text).toBe(first.text);
    await demo.app.db.query("delete from nao_perturbe where id_empresa = 1 and co_telefone = '11976543210'");
    expect(await callsOf(first.chamada)).toHaveLength(1);

    const call = newCallId();
    const together = await Promise.all(Array.from({ length: 5 }, () => dial('1001', '01132654321', call)));
    expect(new Set(together.map((answer) => answer.text)).size).toBe(1);
    expect(read(together[0].text).decisao).toBe('permitir');
    expect(await callsOf(call)).toHaveLength(1);
  });

  it("never lets another company's numbers, lists or clients into a decision", async () => {
    const jose = await clientOf(JOSE);
    await demo.app.db.query("insert into nao_perturbe (id_empresa, co_telefone) values (2, '11987654321')");
    // Company 1 dials its client: company 2's suppression list does not apply.
    const mine = await dial('1001', '011987654321');
    expect(read(mine.text)).toMatchObject({ decisao: 'permitir', identificador: '1140044004' });
    // Company 2 dials the same number: its own list applies, and company 1's client is not recorded.
    const theirs = await dial('2001', '011987654321');
    expect(read(theirs.text)).toMatchObject({ decisao: 'recusar', motivo: 'nao-perturbe' });
    expect((await callsOf(theirs.chamada))[0]).toMatchObject({ empresa: 2, cliente: null, campanha: null });
    await demo.app.db.query('delete from nao_perturbe where id_empresa = 2');
    // Company 1's suppression list and do-not-call clients do not bind company 2.
    const [{ number }] = await demo.app.db.query<{ number: string }>('select co_telefone as number from nao_perturbe where id_empresa = 1');
    await demo.app.db.query('update cliente set ts_nao_ligar = now() where id_cliente = $1', [jose]);
    expect(read((await dial('2001', `0${number}`)).text)).toMatchObject({ decisao: 'permitir', identificador: '2130002000' });
    const other = await dial('2001', '011987654321');
    await demo.app.db.query('update cliente set ts_nao_ligar = null where id_cliente = $1', [jose]);
    expect(read(other.text)).toMatchObject({ decisao: 'permitir' });
    expect((await callsOf(other.chamada))[0]).toMatchObject({ empresa: 2, cliente: null });
  });
});

describe("POST /telefonia/sip/eventos: Kamailio's dialog events", () => {
  let outbound: { chamada: string; id: number };
  beforeAll(async () => {
    const { chamada, text } = await dial('1001', '011987654321');
    outbound = { chamada, id: Number(read(text).ligacao) };
  });

  it("records the answer and the end at Kamailio's instants, to the microsecond", async () => {
    const answeredAt = instant(5);
    expect((await event('atendida', { chamada: outbound.chamada, instante: answeredAt, codigo: '200', ramal: '' })).text).toBe('ok=1');
    expect(await callRow(outbound.id)).toMatchObject({
      situacao: 'em_curso',
      sip: 200,
      gravacao: 'pendente',
      atendimento: isoOf(new Date(clock.now.getTime() + 5000)),
    });
    // Re-sent: nothing moves.
    await event('atendida', { chamada: outbound.chamada, instante: instant(9), codigo: '200' });
    expect((await callRow(outbound.id)).atendimento).toBe(isoOf(new Date(clock.now.getTime() + 5000)));

    const end = '1900000000.123456';
    expect((await event('encerrada', { chamada: outbound.chamada, instante: instant(65), quem: 'chamado' })).text).toBe('ok=1');
    const ended = await callRow(outbound.id);
    expect(ended).toMatchObject({
      situacao: 'encerrada',
      encerramento: 'chamado',
      sip: 200,
      gravacao: 'pendente',
      fim: isoOf(new Date(clock.now.getTime() + 65_000)),
    });
    // A closed call never moves back, whatever comes late.
    for (const [evento, fields] of [
      ['atendida', { codigo: '200' }],
      ['falhou', { codigo: '487' }],
      ['encerrada', { quem: 'chamador' }],
    ] as const) {
      expect((await event(evento, { chamada: outbound.chamada, instante: end, ...fields })).text).toBe('ok=1');
    }
    expect(await callRow(outbound.id)).toEqual(ended);

    const precise = await dial('1002', '011955550000');
    await event('falhou', { chamada: precise.chamada, instante: '1764190000.123456', codigo: '486' });
    expect((await callRow(read(precise.text).ligacao)).fim).toBe(isoOf(clock.now)); // never before the start
    const exact = await dial('1002', '011955550001');
    const at = (clock.now.getTime() / 1000 + 2).toFixed(0);
    await event('falhou', { chamada: exact.chamada, instante: `${at}.654321`, codigo: '486' });
    expect(await callRow(read(exact.text).ligacao)).toMatchObject({
      situacao: 'encerrada',
      encerramento: 'falhou',
      sip: 486,
      gravacao: 'nao_gravada',
      fim: `${new Date(Number(at) * 1000).toISOString().slice(0, 19)}.654321Z`,
    });
  });

  it('answers ok=0 to an unknown call and to a malformed event, never an error that Kamailio would re-send forever', async () => {
    expect(await event('encerrada', { chamada: 'desconhecida@x', quem: 'chamador' })).toEqual({
      status: 200,
      type: 'text/plain; charset=utf-8',
      text: 'ok=0',
    });
    expect((await kamailio('eventos', { evento: 'atendida', chamada: outbound.chamada, instante: 'ontem' })).text).toBe('ok=0');
    expect((await kamailio('eventos', { evento: 'tocou', chamada: outbound.chamada, instante: instant() })).text).toBe('ok=0');
    const open = await dial('1001', '011955550002');
    expect((await event('encerrada', { chamada: open.chamada })).text).toBe('ok=0');
    expect((await event('falhou', { chamada: open.chamada })).text).toBe('ok=0');
    expect((await callRow(read(open.text).ligacao)).situacao).toBe('tocando');
  });
});

describe('the sweep and a Kamailio restart close what never got its end', () => {
  it('closes calls ringing for 3 minutes, ended at their start, on its own timer', async () => {
    expect((await openCalls()).length).toBeGreaterThan(0);
    const answered = await dial('1001', '011955550003');
    await event('atendida', { chamada: answered.chamada, codigo: '200' });
    later(2 * MINUTE);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await openCalls()).filter((call) => call.situacao === 'tocando').length).toBeGreaterThan(0);
    later(1.5 * MINUTE);
    await eventually(async () => (await openCalls()).every((call) => call.situacao === 'em_curso'));
    const swept = await demo.app.db.query<{ n: number }>(
      "select count(*)::int as n from ligacao where co_encerramento = 'varredura' and ts_fim = ts_inicio and co_gravacao = 'nao_gravada'",
    );
    expect(swept[0].n).toBeGreaterThan(0);

    // Answered calls last until Kamailio's 4-hour dialog lifetime, counted from the answer.
    const id = Number(read(answered.text).ligacao);
    later(4 * 60 * MINUTE - 4 * MINUTE);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await callRow(id)).situacao).toBe('em_curso');
    later(2 * MINUTE);
    await eventually(async () => (await callRow(id)).situacao === 'encerrada');
    const row = await callRow(id);
    expect(row).toMatchObject({ encerramento: 'varredura', gravacao: 'pendente' });
    expect(Date.parse(row.fim!) - Date.parse(row.atendimento!)).toBe(4 * 60 * MINUTE);
  });

  it('closes every call still open when Kamailio says it restarted, at that instant', async () => {
    const ringing = await dial('1001', '011955550004');
    const talking = await dial('1002', '011955550005');
    await event('atendida', { chamada: talking.chamada, codigo: '200' });
    later(30_000);
    const restartedAt = instant();
    later(1000);
    const after = await dial('1001', '011955550006');
    expect((await event('reinicio', { instante: restartedAt })).text).toBe('ok=1');
    for (const answer of [ringing, talking]) {
      expect(await callRow(read(answer.text).ligacao)).toMatchObject({
        situacao: 'encerrada',
        encerramento: 'varredura',
        fim: isoOf(new Date(Number(restartedAt) * 1000)),
      });
    }
    expect((await callRow(read(after.text).ligacao)).situacao).toBe('tocando');
    await event('falhou', { chamada: after.chamada, codigo: '487' });
  });
});

describe('POST /telefonia/sip/entrada: a call to a company number', () => {
  beforeAll(async () => {
    await event('reinicio', { instante: instant(1) });
    later(2000);
    expect(await openCalls()).toEqual([]);
  });

  it('refuses a number that is no company number', async () => {
    expect((await ring('11987654321', '1133333333')).text).toBe('decisao=recusar;codigo=404;motivo=did');
    expect((await ring('11987654321', 'anonymous')).text).toBe('decisao=recusar;codigo=404;motivo=did');
  });

  it("rings the client's attendant first, and passes the client for the screen-pop", async () => {
    const jose = await clientOf(JOSE);
    expect((await demo.get('/crm/cliente/proximo', A)).body.data.cliente.ClienteID).toBe(jose); // A still holds him
    const { chamada, text } = await ring('+5511987654321', '+551140044004');
    const answer = read(text);
    expect(text).toBe(`decisao=encaminhar;ligacao=${answer.ligacao};ramais=1001.1002;cliente=${jose}`);
    expect((await callsOf(chamada))[0]).toMatchObject({
      empresa: 1,
      direcao: 'entrada',
      atendente: null,
      cliente: jose,
      origem: '11987654321',
      destino: '1140044004',
      situacao: 'tocando',
    });
    // The extension that answered becomes the call's attendant.
    await event('atendida', { chamada, codigo: '200', ramal: '1001' });
    expect((await callsOf(chamada))[0]).toMatchObject({ atendente: await personId(A), ramal: '1001', situacao: 'em_curso' });
    await event('encerrada', { chamada, quem: 'chamador', instante: instant(30) });
    // Re-sent: the same record.
    expect(read((await ring('+5511987654321', '+551140044004', chamada)).text).ligacao).toBe(answer.ligacao);
  });

  it('rings the others longest idle first; paused and busy attendants are left out', async () => {
    // B's last call ends after A's: A has been idle longer.
    later(60_000);
    const b = await dial('1002', '011955550007');
    await event('encerrada', { chamada: b.chamada, quem: 'chamador', instante: instant(20) });
    expect(read((await ring('11955551111', '1130030303')).text)).toMatchObject({ ramais: '1001.1002', cliente: '' });
    later(60_000);
    const a = await dial('1001', '011955550008');
    await event('encerrada', { chamada: a.chamada, quem: 'chamador', instante: instant(20) });
    expect(read((await ring('11955551111', '1130030303')).text).ramais).toBe('1002.1001');

    await pause(B, 202);
    expect(read((await ring('11955551111', '1130030303')).text).ramais).toBe('1001');
    await pause(B, 81);
    const busy = await dial('1002', '011955550009');
    expect(read((await ring('11955551111', '1130030303')).text).ramais).toBe('1001');
    await event('falhou', { chamada: busy.chamada, codigo: '487' });
    expect(read((await ring('11955551111', '1130030303')).text).ramais).toBe('1002.1001');
    await demo.app.db.query(
      "update ligacao set co_situacao = 'encerrada', co_encerramento = 'falhou', co_sip = 487, ts_fim = ts_inicio where co_situacao <> 'encerrada'",
    );
  });

  it('an attendant an inbound call is ringing (tocando) is not offered the next one', async () => {
    const first = await ring('11955554444', '1130030303');
    const [offered] = read(first.text).ramais.split('.');
    expect(await event('tocando', { chamada: first.chamada, ramal: offered })).toMatchObject({ text: 'ok=1' });
    expect(read((await ring('11955555555', '1130030303')).text).ramais.split('.')).not.toContain(offered);
    await demo.app.db.query(
      "update ligacao set co_situacao = 'encerrada', co_encerramento = 'falhou', co_sip = 487, ts_fim = ts_inicio where co_situacao <> 'encerrada'",
    );
  });

  it("rings only the called company's attendants", async () => {
    expect(read((await ring('11987654321', '2130002000')).text)).toMatchObject({ decisao: 'encaminhar', ramais: '2001', cliente: '' });
    expect(read((await ring('48991112233', '2130002000')).text)).toMatchObject({
      ramais: '2001',
      cliente: String(await clientOf(OSVALDO)),
    });
  });

  describe('nobody free: refused 480 and the client is called back', () => {
    beforeAll(async () => {
      await demo.app.db.query(
        "update ligacao set co_situacao = 'encerrada', co_encerramento = 'falhou', co_sip = 487, ts_fim = ts_inicio where co_situacao <> 'encerrada'",
      );
      await pause(A, 202);
      await pause(B, 203);
    });
    afterAll(async () => {
      await pause(A, 81);
      await pause(B, 81);
    });

    it('a client waiting in a running campaign becomes a callback due now, for the attendant who last called it', async () => {
      const maria = await clientOf(MARIA);
      const { chamada, text } = await ring('21998765432', '1130030303');
      const answer = read(text);
      expect(text).toBe(`decisao=recusar;codigo=480;motivo=ninguem;ligacao=${answer.ligacao}`);
      expect((await callsOf(chamada))[0]).toMatchObject({
        cliente: maria,
        situacao: 'encerrada',
        encerramento: 'falhou',
        sip: 480,
        gravacao: 'nao_gravada',
        fim: isoOf(clock.now),
      });
      const [queued] = await demo.app.db.query<{ estado: string; tipo: string; owner: number; due: string; tentativas: number }>(
        `select co_estado as estado, co_tipo as tipo, id_atendente as owner, ${iso('ts_disponivel')} as due, nu_tentativas as tentativas
           from fila where id_cliente = $1`,
        [maria],
      );
      expect(queued).toEqual({ estado: 'aguardando', tipo: 'retorno', owner: await personId(B), due: isoOf(clock.now), tentativas: 0 });
      // Re-sent: the same refusal, nothing twice.
      expect((await ring('21998765432', '1130030303', chamada)).text).toBe(text);
    });

    it('a client in no queue becomes a lead of the longest idle attendant (/dashboard)', async () => {
      const raimundo = await clientOf(RAIMUNDO);
      await demo.app.db.query("update fila set co_estado = 'concluido' where id_cliente = $1", [raimundo]);
      const before = await demo.app.db.query('select 1 from lead where id_cliente = $1', [raimundo]);
      expect(before).toEqual([]);
      expect(read((await ring('85997890123', '1130030303')).text)).toMatchObject({ decisao: 'recusar', codigo: '480', motivo: 'ninguem' });
      const leads = await demo.app.db.query<{ atendente: number; tipo: number; status: number }>(
        'select id_atendente as atendente, id_tipo_credito as tipo, id_status as status from lead where id_cliente = $1',
        [raimundo],
      );
      // B has been idle longest (its last call ended first, see above); INSS, the client's agency.
      expect(leads).toEqual([{ atendente: await personId(B), tipo: 1, status: 1 }]);
      expect((await demo.get('/atendente/lead', B)).body.data.map((lead: { ID_Cliente: number }) => lead.ID_Cliente)).toContain(raimundo);
      // Calling again adds no second new lead.
      await ring('85997890123', '1130030303');
      expect(await demo.app.db.query('select 1 from lead where id_cliente = $1', [raimundo])).toHaveLength(1);
    });

    it('an unknown number has no client to call back: the call record is all there is', async () => {
      const leads = await demo.app.db.query('select 1 from lead');
      const { chamada } = await ring('11955552222', '1130030303');
      expect((await callsOf(chamada))[0]).toMatchObject({ cliente: null, origem: '11955552222', encerramento: 'falhou', sip: 480 });
      expect(await demo.app.db.query('select 1 from lead')).toHaveLength(leads.length);
    });

    it("once an attendant registers the unknown number on a client, that client's 'Ligações' has the call", async () => {
      const { chamada } = await ring('11955553333', '1130030303');
      const carlos = await clientOf(CARLOS);
      // The attendant finds the caller's record by the CPF they give ('Novo Cliente'), which lets them work it.
      expect((await demo.get(`/crm/cliente/basico/${makeCpf(CARLOS)}`, A)).status).toBe(200);
      const added = await demo.app.call('POST', '/cadastro/telefone', {
        token: demo.tokens[A],
        body: { ClienteID: carlos, DE_Telefone: '11955553333' },
      });
      expect(added.status).toBe(200);
      expect((await callsOf(chamada))[0]).toMatchObject({ cliente: carlos });
      const listed = await demo.get(`/crm/cliente/${carlos}/ligacoes`, 'supervisor@demo.com.br');
      expect(listed.body.data.map((call: { NU_Origem: string }) => call.NU_Origem)).toContain('11955553333');
    });
  });

  it('a call that rang and was not taken (falhou) is a missed call too: an ownerless callback any attendant gets at once', async () => {
    const carlos = await clientOf(CARLOS);
    const { chamada, text } = await ring('11976543210', '1130030303');
    expect(read(text).decisao).toBe('encaminhar');
    later(20_000);
    await event('falhou', { chamada, codigo: '486' });
    expect((await callsOf(chamada))[0]).toMatchObject({ encerramento: 'falhou', sip: 486, atendente: null });
    const [queued] = await demo.app.db.query<{ tipo: string; owner: number | null }>(
      'select co_tipo as tipo, id_atendente as owner from fila where id_cliente = $1',
      [carlos],
    );
    // B called Carlos earlier (the re-sent INVITE test): B owns the callback, after Maria's older one.
    expect(queued).toEqual({ tipo: 'retorno', owner: await personId(B) });
    const maria = await clientOf(MARIA);
    expect((await demo.get('/crm/cliente/proximo', B)).body.data.cliente.ClienteID).toBe(maria);
    await demo.app.call('PUT', '/crm/tabulacao/cliente', { token: demo.tokens[B], body: { ID_Status: 303, ID_Cliente: maria } });
    expect((await demo.get('/crm/cliente/proximo', B)).body.data.cliente.ClienteID).toBe(carlos);

    // A client nobody ever called: the callback has no owner, and the next attendant to ask gets it.
    const francisca = DEMO_CLIENTS.find((c) => c.cpfBase === '284917356')!;
    const id = await clientOf(francisca.cpfBase);
    const missed = await ring(francisca.phones[0], '1130030303');
    await event('falhou', { chamada: missed.chamada, codigo: '487' });
    expect(
      (await demo.app.db.query<{ owner: number | null }>('select id_atendente as owner from fila where id_cliente = $1', [id]))[0].owner,
    ).toBeNull();
    const jose = await clientOf(JOSE);
    await demo.app.call('PUT', '/crm/tabulacao/cliente', { token: demo.tokens[A], body: { ID_Status: 303, ID_Cliente: jose } });
    expect((await demo.get('/crm/cliente/proximo', A)).body.data.cliente.ClienteID).toBe(id);
  });
});

describe('call lists', () => {
  it('need a session', async () => {
    expect((await demo.app.call('GET', `/crm/cliente/${await clientOf(JOSE)}/ligacoes`)).status).toBe(401);
    expect((await demo.app.call('GET', '/telefonia/ligacoes')).status).toBe(401);
  });

  it("GET /crm/cliente/{id}/ligacoes: the client's calls newest first, with their durations and results", async () => {
    const jose = await clientOf(JOSE);
    const { status, body } = await demo.get(`/crm/cliente/${jose}/ligacoes`, SUP);
    expect(status).toBe(200);
    const calls = body.data as { ID_Ligacao: number; DT_Inicio: string; TP_Direcao: string }[];
    expect(calls.length).toBeGreaterThanOrEqual(4);
    const starts = calls.map((call) => Date.parse(call.DT_Inicio));
    expect([...starts].sort((x, y) => y - x)).toEqual(starts);
    expect(calls.every((call) => /T\d{2}:\d{2}:\d{2}\.\d{3}-03:00$/.test(call.DT_Inicio))).toBe(true);
    const answered = body.data.find(
      (call: { DE_Resultado: string; TP_Direcao: string }) => call.TP_Direcao === 'saida' && call.DE_Resultado === 'Atendida',
    );
    expect(answered).toMatchObject({
      ID_Atendente: await personId(A),
      NM_Atendente: 'Ana Paula Souza',
      NU_Ramal: '1001',
      ID_Cliente: jose,
      NM_Cliente: 'José Carlos Pereira',
      ID_Campanha: await campaignId(),
      NU_Origem: '1001',
      NU_Destino: '11987654321',
      NU_SegundosToque: 5,
      NU_SegundosConversa: 60,
      CO_SIP: 200,
      TP_Encerramento: 'chamado',
      TP_Gravacao: 'pendente',
    });
    const inbound = body.data.find((call: { TP_Direcao: string }) => call.TP_Direcao === 'entrada');
    expect(inbound).toMatchObject({
      NU_Origem: '11987654321',
      NU_Destino: '1140044004',
      NM_Atendente: 'Ana Paula Souza',
      DE_Resultado: 'Atendida',
      NU_SegundosConversa: 30,
    });
  });

  it('an attendant sees the calls of a client they deal with; another client is 404 like a missing one', async () => {
    expect((await demo.get(`/crm/cliente/${await clientOf(JOSE)}/ligacoes`, A)).status).toBe(200);
    const notFound = { status: 404, body: { success: false, text: 'Cliente não encontrado.' } };
    // B never dealt with José: no hold, lead, proposal or call of B's.
    expect(await demo.get(`/crm/cliente/${await clientOf(JOSE)}/ligacoes`, B)).toEqual(notFound);
    expect(await demo.get(`/crm/cliente/${await clientOf(OSVALDO)}/ligacoes`, SUP)).toEqual(notFound);
    expect(await demo.get('/crm/cliente/99999999/ligacoes', SUP)).toEqual(notFound);
    // One of B's leads, without any call: visible, and empty.
    const luiz = await clientOf('397205148');
    expect((await demo.get(`/crm/cliente/${luiz}/ligacoes`, B)).body).toEqual({ success: true, text: 'Nenhuma ligação.', data: [] });
  });

  it("GET /telefonia/ligacoes: one's own calls of today by default; others' only for supervisors and managers", async () => {
    const mine = await demo.get('/telefonia/ligacoes', A);
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(5);
    expect(mine.body.data.every((call: { ID_Atendente: number }) => call.ID_Atendente === mine.body.data[0].ID_Atendente)).toBe(true);
    expect(await demo.get(`/telefonia/ligacoes?ID_Atendente=${await personId(B)}`, A)).toEqual({
      status: 403,
      body: { success: false, text: 'Você só pode ver as suas próprias ligações.' },
    });
    const bs = await demo.get(`/telefonia/ligacoes?ID_Atendente=${await personId(B)}`, SUP);
    expect(bs.status).toBe(200);
    expect(bs.body.data.every((call: { NU_Ramal: string | null }) => call.NU_Ramal === '1002')).toBe(true);
    expect(await demo.get(`/telefonia/ligacoes?ID_Atendente=${await personId(OTHER)}`, 'gerente@demo.com.br')).toEqual({
      status: 404,
      body: { success: false, text: 'Atendente não encontrado.' },
    });
    expect((await demo.get('/telefonia/ligacoes?DT_Dia=2026-02-30', A)).body.text).toBe('DT_Dia: Data inexistente.');
    expect((await demo.get('/telefonia/ligacoes?DT_Dia=30/01/2026', A)).body.text).toBe('DT_Dia: Data inválida (use AAAA-MM-DD).');
  });

  it('takes the day on the São Paulo calendar', async () => {
    const b = await personId(B);
    const insert = (at: string) =>
      demo.app.db.query<{ id: number }>(
        `insert into ligacao (id_empresa, co_sip_call_id, co_direcao, id_atendente, nu_ramal, nu_origem, nu_destino, ts_inicio,
                              co_situacao, co_encerramento, co_sip, ts_fim)
         values (1, $1, 'saida', $2, '1002', '1002', '11955553333', $3, 'encerrada', 'falhou', 486, $3) returning id_ligacao as id`,
        [newCallId(), b, at],
      );
    const [late] = await insert('2026-01-15T23:59:59.999-03:00');
    const [early] = await insert('2026-01-16T00:00:00-03:00');
    const day = async (date: string) =>
      (await demo.get(`/telefonia/ligacoes?ID_Atendente=${b}&DT_Dia=${date}`, SUP)).body.data.map(
        (c: { ID_Ligacao: number }) => c.ID_Ligacao,
      );
    expect(await day('2026-01-15')).toEqual([late.id]);
    expect(await day('2026-01-16')).toEqual([early.id]);
    const [row] = (await demo.get(`/telefonia/ligacoes?ID_Atendente=${b}&DT_Dia=2026-01-16`, SUP)).body.data;
    expect(row).toMatchObject({
      DT_Inicio: '2026-01-16T00:00:00.000-03:00',
      DE_Resultado: 'Ocupado',
      NU_SegundosToque: 0,
      NU_SegundosConversa: 0,
      ID_Cliente: null,
      NM_Cliente: null,
    });
  });
});
