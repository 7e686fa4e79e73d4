/**
 * The own batch import's progress and its durability (docs/rules.md "CSV imports and provider batches"): lines read
 * of total on GET /importacao/{id} and alert 1090 over /ws; a worker that dies in the middle of the merge leaves
 * nothing half-applied, and another instance on the same database runs the import again to the end.
 */
import { ALERT_IMPORT_FINISHED, ALERT_IMPORT_PROGRESS, IMPORT_TEXT, importProgressText } from '@consig/shared/contracts';
import { makeCpf } from '@consig/shared/format';
import type { Db } from '../src/db';
import { IMPORT_JOB, importHandler } from '../src/imports/importJob';
import { JobQueue } from '../src/jobs';
import { eventually } from './eventually';
import { startTestApp, type TestApp } from './harness';
import { person, wsClients } from './wsClient';

const SUPERVISOR = 'supervisor@demo.com.br';
const ws = wsClients();
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = await t.login(SUPERVISOR);
});
afterAll(() => t.close());
afterEach(() => ws.closeAll());

let campaigns = 0;
async function newCampaign(): Promise<number> {
  campaigns++;
  const [row] = await t.db.query<{ id: number }>(
    `insert into campanha (id_empresa, co_campanha, de_campanha, id_orgao) values (1, $1, $2, 1) returning id_campanha as id`,
    [`PROG-${campaigns}`, `Progresso ${campaigns}`],
  );
  return row.id;
}

/** A sheet of `count` new clients with a phone each; CPFs from `first` on. */
function sheet(count: number, first: number): Buffer {
  const lines = ['CPF;Nome;Nascimento;Telefone'];
  for (let i = 0; i < count; i++) lines.push(`${makeCpf(String(first + i))};Cliente ${i};01/01/1970;11 9${String(10_000_000 + i)}`);
  return Buffer.from(lines.join('\r\n'), 'latin1');
}

async function upload(campaignId: number, file: Buffer): Promise<number> {
  const started = await t.call('POST', '/importacao/upload', {
    token,
    body: { TX_Base: `data:text/csv;base64,${file.toString('base64')}`, ID_Campanha: campaignId, SN_Higienizar: false },
  });
  expect(started.status).toBe(200);
  return started.body.data.ID_Importacao;
}

const getImport = async (app: TestApp, id: number) => (await app.call('GET', `/importacao/${id}`, { token })).body.data;

/** What the import wrote to the company's data: clients of the sheet, their phones, the campaign's queue, rejected lines. */
async function written(campaignId: number, importId: number, first: number, count: number) {
  const cpfs = Array.from({ length: count }, (_, i) => makeCpf(String(first + i)));
  const [row] = await t.db.query<{ clients: number; phones: number; queued: number; rejected: number }>(
    `select (select count(*) from cliente where id_empresa = 1 and co_cpf = any($1::text[]))::int as clients,
            (select count(*) from telefone p join cliente c using (id_cliente) where c.co_cpf = any($1::text[]))::int as phones,
            (select count(*) from fila where id_campanha = $2)::int as queued,
            (select count(*) from importacao_rejeitada where id_importacao = $3)::int as rejected`,
    [cpfs, campaignId, importId],
  );
  return row;
}

describe('import progress', () => {
  it('tells the uploader over /ws how many lines were read, and GET shows all of them read once done', async () => {
    await t.app.jobs.start();
    const socket = await ws.connect(t);
    const supervisor = await person(t, SUPERVISOR);
    socket.socket.send(supervisor.token);
    await eventually(() => t.app.realtime.sockets(supervisor.id) > 0);

    const id = await upload(await newCampaign(), sheet(12_000, 400_000_000));
    await eventually(() => socket.received.some((alert) => alert.TP_Alerta === ALERT_IMPORT_FINISHED), 60_000);
    await t.app.jobs.stop();

    const progress = socket.received.filter((alert) => alert.TP_Alerta === ALERT_IMPORT_PROGRESS);
    const read = progress.map((alert) => (alert.DE_Dados as { NU_Lidas: number }).NU_Lidas);
    // Throttled (every 5,000 lines or 1 s), growing, and the last one says everything was read.
    expect(read.length).toBeGreaterThanOrEqual(1);
    expect(read.length).toBeLessThanOrEqual(12);
    expect([...read].sort((a, b) => a - b)).toEqual(read);
    expect(progress.at(-1)).toEqual({
      TP_Alerta: 1090,
      DE_Dados: { ID_Importacao: id, NU_Lidas: 12_000, NU_Linhas: 12_000 },
      DE_Observacao: 'Lidas 12.000 de 12.000 linhas',
    });
    expect(importProgressText(5000, 12_000)).toBe('Lidas 5.000 de 12.000 linhas');
    expect(await getImport(t, id)).toMatchObject({ ID_Status: 63, NU_Linhas: 12_000, NU_Lidas: 12_000, NU_Importados: 12_000 });
  });
});

describe('an import whose worker dies in the middle of the merge', () => {
  /**
   * A worker whose every statement goes through `dying`: at the merge's queue insert its process "dies", and that
   * statement and every later one fail as on a closed connection.
   */
  const workerThatDies = (workerId: string) => {
    let dead = false;
    const died = () => Promise.reject(new Error('processo encerrado'));
    const dying = (handle: Db): Db => ({
      query: (sql, params, options) => {
        if (/insert into fila/.test(sql)) dead = true;
        return dead ? died() : handle.query(sql, params, options);
      },
      exec: (sql) => (dead ? died() : handle.exec(sql)),
      transaction: (fn) => (handle === t.db ? t.db.transaction((tx) => fn(dying(tx))) : fn(dying(handle))),
      copyOut: (select, params, options) => (dead ? died() : handle.copyOut(select, params, options)),
    });
    const workerA = new JobQueue({ ...dying(t.db), listen: t.db.listen.bind(t.db) }, { leaseMs: 1500, pollIntervalMs: 100, workerId });
    workerA.register(IMPORT_JOB, importHandler({ db: dying(t.db), realtime: t.app.realtime }));
    return { workerA, killed: () => dead };
  };
  it('leaves nothing half-applied, and a new instance on the same database imports it to the end', async () => {
    const campaignId = await newCampaign();
    const first = 500_000_000;
    const lines = 6000;

    // Worker A: at the merge's queue insert (clients and phones already written in its transaction) its process
    // "dies", so its transaction rolls back and it can neither record the outcome nor renew its lease.
    const { workerA, killed } = workerThatDies('A');
    await workerA.start();

    const id = await upload(campaignId, sheet(lines, first));
    await eventually(() => killed() && workerA.busy === 0, 60_000);
    await workerA.stop();

    // Nothing of the merge is there; the import still runs, with its progress (written outside the transaction).
    expect(await written(campaignId, id, first, lines)).toEqual({ clients: 0, phones: 0, queued: 0, rejected: 0 });
    expect(await getImport(t, id)).toMatchObject({ ID_Status: 0, NU_Linhas: lines, NU_Lidas: lines, NU_Importados: 0 });
    const [job] = await t.db.query<{ state: string; owner: string }>(
      'select co_estado as state, de_dono as owner from tarefa where co_tipo = $1 and de_dados @> $2::jsonb',
      [IMPORT_JOB, JSON.stringify({ importId: id })],
    );
    expect(job).toEqual({ state: 'executando', owner: 'A' });

    // Instance B starts on the same database: once A's lease runs out it takes the job back and runs it again.
    const b = await startTestApp({ sameDatabaseAs: t });
    try {
      await b.app.jobs.start();
      await eventually(async () => (await getImport(b, id)).ID_Status !== 0, 60_000);
      expect(await getImport(b, id)).toMatchObject({
        ID_Status: 63,
        DE_Motivo: null,
        NU_Linhas: lines,
        NU_Lidas: lines,
        NU_Importados: lines,
        NU_Rejeitados: 0,
      });
      expect(await written(campaignId, id, first, lines)).toEqual({ clients: lines, phones: lines, queued: lines, rejected: 0 });
      const [done] = await t.db.query(
        'select co_estado as state, nu_tentativas as attempts from tarefa where co_tipo = $1 and de_dados @> $2::jsonb',
        [IMPORT_JOB, JSON.stringify({ importId: id })],
      );
      expect(done).toEqual({ state: 'concluida', attempts: 2 });
    } finally {
      await b.app.jobs.stop();
      await b.close();
    }
  });

  it('when that was its last attempt, a new instance ends the import 99 with the reason instead of leaving it running', async () => {
    const campaignId = await newCampaign();
    const first = 510_000_000;
    const lines = 3000;
    const { workerA, killed } = workerThatDies('A-last');
    const id = await upload(campaignId, sheet(lines, first));
    // The job's only attempt is the one A is about to make.
    await t.db.query('update tarefa set nu_max_tentativas = 1 where co_tipo = $1 and de_dados @> $2::jsonb', [
      IMPORT_JOB,
      JSON.stringify({ importId: id }),
    ]);
    await workerA.start();
    await eventually(() => killed() && workerA.busy === 0, 60_000);
    await workerA.stop();
    expect(await getImport(t, id)).toMatchObject({ ID_Status: 0 });

    const b = await startTestApp({ sameDatabaseAs: t });
    try {
      await b.app.jobs.start();
      await eventually(async () => (await getImport(b, id)).ID_Status !== 0, 60_000);
      expect(await getImport(b, id)).toMatchObject({ ID_Status: 99, DE_Motivo: IMPORT_TEXT.failed, NU_Importados: 0 });
      expect(await written(campaignId, id, first, lines)).toEqual({ clients: 0, phones: 0, queued: 0, rejected: 0 });
      const [failed] = await t.db.query('select co_estado as state from tarefa where co_tipo = $1 and de_dados @> $2::jsonb', [
        IMPORT_JOB,
        JSON.stringify({ importId: id }),
      ]);
      expect(failed).toEqual({ state: 'falhou' });
    } finally {
      await b.app.jobs.stop();
      await b.close();
    }
  });
});
