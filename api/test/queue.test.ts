import { DEMO_CLIENTS, DEMO_QUEUE } from '../src/db/demoData';
import { createQueueRepository } from '../src/queue/queue.repository';
import { callableNow, NO_CLIENT_TEXT, PAUSED_TEXT } from '../src/queue/workingDay';
import { demoClientId, useSignedInDemoApp } from './harness';
import { upcoming } from './upcoming';

const MINUTE = 60_000;
// The seed dates the queue from the real clock; the app's clock starts on the next working Wednesday.
const clock = { now: upcoming(3, 10) };
const demo = useSignedInDemoApp({ clock: () => clock.now });
const later = (minutes: number) => (clock.now = new Date(clock.now.getTime() + minutes * MINUTE));

const A = 'atendente@demo.com.br';
const B = 'atendente2@demo.com.br';
const C = 'atendente3@demo.com.br';
const OTHER = 'atendente@outra.com.br';

const next = (email: string) => demo.get('/crm/cliente/proximo', email);
const tabulate = (email: string, body: object) => demo.app.call('PUT', '/crm/tabulacao/cliente', { token: demo.tokens[email], body });
const pause = (email: string, ID_Status: number) =>
  demo.app.call('PUT', '/atendente/tabular', { token: demo.tokens[email], body: { ID_Status } });
const progress = async () => {
  const [{ id }] = await demo.app.db.query<{ id: number }>(
    'select id_campanha as id from campanha where id_empresa = 1 and co_campanha = $1',
    [DEMO_QUEUE.campaignCode],
  );
  return (await demo.get(`/cadastro/campanha/${id}/fila`, 'supervisor@demo.com.br')).body.data;
};
const queueRow = async (clientId: number) =>
  (
    await demo.app.db.query<{ estado: string; tipo: string; tentativas: number; holder: number | null; due: string }>(
      `select co_estado as estado, co_tipo as tipo, nu_tentativas as tentativas, id_atendente as holder, ts_disponivel::text as due
         from fila where id_cliente = $1`,
      [clientId],
    )
  )[0];
const personId = async (email: string) =>
  (await demo.app.db.query<{ id: number }>('select id_pessoa as id from pessoa where em_email = $1', [email]))[0].id;

/** Claims and closes (303) clients for `email` until the queue gives none; answers the ids it got. */
async function drain(email: string): Promise<number[]> {
  const seen: number[] = [];
  for (;;) {
    const { body } = await next(email);
    if (!body.success) return seen;
    seen.push(body.data.cliente.ClienteID);
    expect((await tabulate(email, { ID_Status: 303, ID_Cliente: body.data.cliente.ClienteID })).status).toBe(200);
  }
}

describe('the attendant working day on the queue', () => {
  let first: number;

  it('hands out the oldest pending client of the running campaign, with its campaign, and the same one again until tabulated', async () => {
    const { status, body } = await next(A);
    expect(status).toBe(200);
    first = await demoClientId(demo.app.db, DEMO_CLIENTS[0]);
    expect(body).toEqual({
      success: true,
      text: 'Cliente da campanha INSS Aposentados SP.',
      data: { cliente: { ClienteID: first, ID_Campanha: expect.any(Number), DE_Campanha: 'INSS Aposentados SP' } },
    });
    expect((await next(A)).body.data.cliente.ClienteID).toBe(first);
    // The client screen shows the campaign it came from (product-spec §3 Client DE_Campanha).
    expect((await demo.get(`/crm/cliente/basicoPorID/${first}`, A)).body.data.cliente.DE_Campanha).toBe('INSS Aposentados SP');
  });

  it('never gives two attendants the same client', async () => {
    const second = (await next(B)).body.data.cliente.ClienteID;
    const third = (await next(C)).body.data.cliente.ClienteID;
    expect(new Set([first, second, third]).size).toBe(3);
  });

  it('only the holder records the outcome: another attendant gets 403, an unknown or other company client 404', async () => {
    const refused = await tabulate(B, { ID_Status: 303, ID_Cliente: first });
    expect(refused).toEqual({ status: 403, body: { success: false, text: expect.stringContaining('não está com você') } });
    expect((await tabulate(A, { ID_Status: 303, ID_Cliente: 99_999_999 })).status).toBe(404);
    const foreign = await demoClientId(
      demo.app.db,
      DEMO_CLIENTS.find((c) => c.company === 2)!,
    );
    expect((await tabulate(A, { ID_Status: 303, ID_Cliente: foreign })).body).toEqual({ success: false, text: 'Cliente não encontrado.' });
    expect((await queueRow(first)).estado).toBe('em_atendimento');
  });

  it('refuses bad input with a Portuguese text and changes nothing', async () => {
    for (const body of [
      { ID_Status: 999, ID_Cliente: first },
      { ID_Status: '301', ID_Cliente: first },
      { ID_Status: 301 },
      { ID_Status: 305, ID_Cliente: first, DT_Retorno: '25/12/2026 10:00' },
      { ID_Status: 303, ID_Cliente: first, DT_Retorno: new Date(clock.now.getTime() + 3_600_000).toISOString() },
    ]) {
      const { status, body: answer } = await tabulate(A, body);
      expect(status).toBe(400);
      expect(answer.text).toMatch(/inválid|Informe|Retornar ligação/);
    }
    expect((await queueRow(first)).estado).toBe('em_atendimento');
  });

  it('301 "Não atende" brings the client back after 30 minutes, to whoever asks first, at most 3 calls', async () => {
    const { body } = await tabulate(A, { ID_Status: 301, ID_Cliente: first });
    expect(body).toEqual({
      success: true,
      text: 'Não atende: o cliente volta para a fila em 30 minutos (tentativa 1 de 3).',
      data: { ID_Cliente: first, ID_Status: 301, TS_Retorno: new Date(clock.now.getTime() + 30 * MINUTE).toISOString() },
    });
    const meanwhile = (await next(A)).body.data.cliente.ClienteID;
    expect(meanwhile).not.toBe(first);
    await tabulate(A, { ID_Status: 304, ID_Cliente: meanwhile });
    later(31);
    // A due retry comes before the older pending clients.
    expect((await next(A)).body.data.cliente.ClienteID).toBe(first);
    await tabulate(A, { ID_Status: 301, ID_Cliente: first });
    later(31);
    expect((await next(A)).body.data.cliente.ClienteID).toBe(first);
    const last = await tabulate(A, { ID_Status: 301, ID_Cliente: first });
    expect(last.body.text).toBe('Não atende: tentativas esgotadas (3 de 3); cliente encerrado nesta campanha.');
    expect(await queueRow(first)).toMatchObject({ estado: 'concluido', tentativas: 3 });
  });

  it('305 "Retornar ligação" at a given time goes back to the same attendant first', async () => {
    const client = (await next(A)).body.data.cliente.ClienteID;
    const at = new Date(clock.now.getTime() + 2 * 3_600_000);
    const { body } = await tabulate(A, { ID_Status: 305, ID_Cliente: client, DT_Retorno: at.toISOString() });
    expect(body.text).toMatch(/^Retorno agendado para \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2} \(horário de Brasília\)\.$/);
    expect(body.data.TS_Retorno).toBe(at.toISOString());
    later(121);
    // Due now: B (who holds another client anyway) must not get it; A gets it before any pending client.
    await tabulate(B, { ID_Status: 303, ID_Cliente: (await next(B)).body.data.cliente.ClienteID });
    expect((await next(B)).body.data.cliente.ClienteID).not.toBe(client);
    expect((await next(A)).body.data.cliente.ClienteID).toBe(client);
    await tabulate(A, { ID_Status: 303, ID_Cliente: client });
  });

  it('305 without a time falls due at the opening of the next business day', async () => {
    const client = (await next(A)).body.data.cliente.ClienteID;
    const { body } = await tabulate(A, { ID_Status: 305, ID_Cliente: client });
    // Always-open demo company: 08:00 of the next weekday in the client's time zone.
    expect(new Date(body.data.TS_Retorno).getTime()).toBeGreaterThan(clock.now.getTime() + 12 * 3_600_000);
    expect((await queueRow(client)).tipo).toBe('retorno');
  });

  it('306 "Virou cliente" closes the client and gives the attendant a lead on /dashboard', async () => {
    const client = (await next(A)).body.data.cliente.ClienteID;
    expect((await tabulate(A, { ID_Status: 306, ID_Cliente: client })).body.text).toBe('Virou cliente: lead registrado no seu painel.');
    const leads = (await demo.get('/atendente/lead', A)).body.data;
    expect(leads[0]).toMatchObject({ ID_Cliente: client, DE_Status: expect.any(String) });
    expect((await queueRow(client)).estado).toBe('concluido');
  });

  it('302 "Falecido" is never handed out again, not even by a campaign that loads the same client later', async () => {
    const client = (await next(A)).body.data.cliente.ClienteID;
    expect((await tabulate(A, { ID_Status: 302, ID_Cliente: client })).body.text).toBe(
      'Cliente marcado para não ligar em nenhuma campanha da empresa.',
    );
    // A second running campaign with this client in its queue, as a later import would load it.
    const db = demo.app.db;
    const [{ id: campaign }] = await db.query<{ id: number }>(
      "insert into campanha (id_empresa, co_campanha, de_campanha, id_orgao, id_status) values (1, 'CMP-T302', 'Reimportação', 4, 35) returning id_campanha as id",
    );
    await db.query('insert into campanha_atendente (id_empresa, id_campanha, id_atendente) values (1, $1, $2)', [
      campaign,
      await personId(A),
    ]);
    await db.query("insert into fila (id_empresa, id_campanha, id_cliente, ts_disponivel) values (1, $1, $2, now() - interval '30 days')", [
      campaign,
      client,
    ]);
    const handed = await drain(A);
    expect(handed).not.toContain(client);
    await db.query('delete from campanha where id_campanha = $1', [campaign]);
  });

  it('holds back the INSS clients inside the 180-day ban and the client whose only phone is suppressed, and counts why', async () => {
    // A drained the queue above, C's claim included (it expired while the clock moved): only B holds one.
    const counts = await progress();
    expect(counts).toMatchObject({
      NU_Total: 65,
      NU_Pendentes: DEMO_QUEUE.recentGrantDaysAgo.length + 1,
      NU_Bloqueio180Dias: DEMO_QUEUE.recentGrantDaysAgo.length,
      NU_NaoPerturbe: 1,
      NU_SemTelefone: 0,
      NU_ForaDoHorario: 0,
      NU_EmAtendimento: 1,
      NU_NaoLigar: 1,
      NU_Retornos: 1,
    });
    expect(counts.NU_Concluidos).toBe(65 - counts.NU_Pendentes - 1 - 1 - 1);
    expect((await next(A)).body).toEqual({ success: false, text: NO_CLIENT_TEXT, data: null });
  });

  it('a claim left 30 minutes without an outcome returns to the queue; its old holder can no longer tabulate it', async () => {
    const held = (await next(B)).body.data.cliente.ClienteID; // asking again renews B's claim
    later(31);
    expect((await next(A)).body.data.cliente.ClienteID).toBe(held);
    expect((await tabulate(B, { ID_Status: 303, ID_Cliente: held })).status).toBe(403);
    expect((await tabulate(A, { ID_Status: 303, ID_Cliente: held })).status).toBe(200);
  });

  it('a paused attendant gets nothing until "Livre", and every pause and outcome is in the history', async () => {
    // Put one client back in the queue for B.
    const [{ id }] = await demo.app.db.query<{ id: number }>(
      "select id_cliente as id from fila where co_estado = 'concluido' and id_empresa = 1 limit 1",
    );
    await demo.app.db.query("update fila set co_estado = 'aguardando', co_tipo = 'novo' where id_cliente = $1", [id]);
    await pause(B, 202);
    expect((await next(B)).body).toEqual({ success: false, text: PAUSED_TEXT, data: null });
    await pause(B, 81);
    expect((await next(B)).body.data.cliente.ClienteID).toBe(id);
    const history = await demo.app.db.query<{ status: number }>(
      'select id_status as status from historico_atendimento where id_atendente = $1 order by id_historico',
      [await personId(B)],
    );
    expect(history.map((h) => h.status).slice(-3)).toEqual([303, 202, 81]); // the last outcome: 305's test
  });

  it('a paused campaign and a not-started one hand out nothing', async () => {
    await tabulate(B, { ID_Status: 303, ID_Cliente: (await next(B)).body.data.cliente.ClienteID });
    await demo.app.db.query("update fila set co_estado = 'aguardando', co_tipo = 'novo' where id_empresa = 1 and co_estado = 'concluido'");
    for (const status of [58, 26]) {
      await demo.app.db.query('update campanha set id_status = $1 where id_empresa = 1 and co_campanha = $2', [
        status,
        DEMO_QUEUE.campaignCode,
      ]);
      expect((await next(B)).body).toEqual({ success: false, text: NO_CLIENT_TEXT, data: null });
    }
    await demo.app.db.query('update campanha set id_status = 35 where id_empresa = 1 and co_campanha = $1', [DEMO_QUEUE.campaignCode]);
    expect((await next(B)).body.success).toBe(true);
  });

  it('an attendant not selected in the campaign gets nothing from it', async () => {
    await demo.app.db.query('update campanha_atendente set sn_selecionado = 0 where id_atendente = $1', [await personId(C)]);
    expect((await next(C)).body.success).toBe(false);
    await demo.app.db.query('update campanha_atendente set sn_selecionado = 1 where id_atendente = $1', [await personId(C)]);
  });
});

describe('calling hours (company 2 keeps the default window: Mon–Fri 08:00–18:00, client local time)', () => {
  it('on Saturday and before 08:00 nothing is handed out, and the progress counts say why; at 10:00 on a weekday it is', async () => {
    const saved = clock.now;
    clock.now = upcoming(6, 10);
    expect((await next(OTHER)).body).toEqual({ success: false, text: NO_CLIENT_TEXT, data: null });
    const queue = createQueueRepository({ db: demo.app.db, companyId: 2 });
    const [{ id }] = await demo.app.db.query<{ id: number }>(
      'select id_campanha as id from campanha where id_empresa = 2 and id_status = 35',
    );
    expect(await queue.progress(id, callableNow(await queue.callingWindow(), clock.now))).toMatchObject({
      NU_Pendentes: 1,
      NU_ForaDoHorario: 1,
    });
    clock.now = upcoming(3, 6); // 06:00 in São Paulo on a Wednesday
    expect((await next(OTHER)).body.success).toBe(false);
    clock.now = upcoming(3, 10);
    expect((await next(OTHER)).body.success).toBe(true);
    clock.now = saved;
  });
});

describe('access', () => {
  it('needs a token', async () => {
    expect((await demo.app.call('GET', '/crm/cliente/proximo')).status).toBe(401);
    expect((await demo.app.call('PUT', '/crm/tabulacao/cliente', { body: { ID_Status: 303, ID_Cliente: 1 } })).status).toBe(401);
    expect((await demo.app.call('GET', '/cadastro/campanha/1/fila')).status).toBe(401);
  });

  it('queue progress is for supervisors and managers of the company', async () => {
    const [{ id }] = await demo.app.db.query<{ id: number }>(
      "select id_campanha as id from campanha where id_empresa = 1 and co_campanha = 'CMP-0001'",
    );
    expect((await demo.get(`/cadastro/campanha/${id}/fila`, A)).status).toBe(403);
    expect((await demo.get(`/cadastro/campanha/${id}/fila`, 'gerente@demo.com.br')).status).toBe(200);
    const [{ id: foreign }] = await demo.app.db.query<{ id: number }>(
      'select id_campanha as id from campanha where id_empresa = 2 limit 1',
    );
    expect(await demo.get(`/cadastro/campanha/${foreign}/fila`, 'supervisor@demo.com.br')).toEqual({
      status: 404,
      body: { success: false, text: 'Campanha não encontrada.' },
    });
  });
});
