/**
 * No upload stalls the API (docs/rules.md "CSV imports and provider batches"): while a hostile 60 MB spreadsheet is
 * received, parsed, decoded and read to be refused, every other request is still answered at once.
 *
 * The probe runs in a worker thread, on an event loop of its own: a poller on the API's loop (the test's) would
 * itself be stalled and would miss the stalls it is there to see.
 */
import { Worker } from 'node:worker_threads';
import { IMPORT_MAX_BYTES, IMPORT_MAX_COLUMNS, IMPORT_MAX_LINE_CHARS, IMPORT_TEXT } from '@consig/shared/contracts';
import { makeCpf } from '@consig/shared/format';
import { eventually } from './eventually';
import { useSignedInDemoApp } from './harness';

const demo = useSignedInDemoApp();
const SUPERVISOR = 'supervisor@demo.com.br';

/** How often /health/live is asked, and the longest any answer may take. */
const PROBE_EVERY_MS = 50;
const MAX_ANSWER_MS = 200;

beforeAll(() => demo.app.app.jobs.start());

/**
 * Asks `${url}/health/live` every PROBE_EVERY_MS without waiting for the previous answer; on any message, stops
 * asking and answers every latency once the questions on their way are answered (a second at most), counting one
 * still unanswered as its age.
 */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const answered = [];
const waiting = new Map();
let next = 0;
const ask = () => {
  const id = next++;
  const sent = performance.now();
  waiting.set(id, sent);
  const done = (status) => {
    if (!waiting.delete(id)) return;
    answered.push({ status, ms: performance.now() - sent });
  };
  http
    .get(workerData.url + '/health/live', { agent: false }, (response) => {
      response.resume();
      response.on('end', () => done(response.statusCode));
    })
    .on('error', () => done(0));
};
const timer = setInterval(ask, workerData.everyMs);
ask();
parentPort.once('message', () => {
  clearInterval(timer);
  // The questions still on their way get a second to be answered: one sent just before the stop is no stall.
  const stoppedAt = performance.now();
  const finish = () => {
    const now = performance.now();
    if (waiting.size > 0 && now - stoppedAt < 1000) return setTimeout(finish, 10);
    for (const sent of waiting.values()) answered.push({ status: -1, ms: now - sent });
    parentPort.postMessage(answered);
  };
  finish();
});
`;

interface Probe {
  stop(): Promise<{ status: number; ms: number }[]>;
}

function startProbe(url: string): Probe {
  const worker = new Worker(PROBE, { eval: true, workerData: { url, everyMs: PROBE_EVERY_MS } });
  return {
    async stop() {
      const answers = new Promise<{ status: number; ms: number }[]>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const result = await answers;
      await worker.terminate();
      return result;
    },
  };
}

let campaignCount = 0;
/** A fresh campaign of company 1 (agency 1 FGTS: a new client needs only CPF, name and birth date). */
async function newCampaign(): Promise<number> {
  campaignCount++;
  const [row] = await demo.app.db.query<{ id: number }>(
    `insert into campanha (id_empresa, co_campanha, de_campanha, id_orgao) values (1, $1, $2, 1) returning id_campanha as id`,
    [`STALL-${campaignCount}`, `Upload hostil ${campaignCount}`],
  );
  return row.id;
}

/**
 * The request's JSON, built before the probe starts (building 80 MB of JSON would stall the test's own loop), in
 * a buffer of its own to hand over to the uploader.
 */
const uploadBody = (campaignId: number, file: Buffer) => {
  const json = JSON.stringify({
    TX_Base: `data:text/csv;base64,${file.toString('base64')}`,
    ID_Campanha: campaignId,
    SN_Higienizar: false,
  });
  const body = Buffer.alloc(Buffer.byteLength(json));
  body.write(json);
  return body;
};

/**
 * Sends the body from a worker thread too: the client's own work (undici writing 80 MB to its socket) would
 * otherwise run on the API's loop, and the stalls measured would partly be the test's.
 */
const UPLOADER = `
const { parentPort, workerData } = require('node:worker_threads');
fetch(workerData.url, { method: 'POST', headers: workerData.headers, body: workerData.body })
  .then(async (response) => parentPort.postMessage({ status: response.status, body: await response.json() }))
  .catch((error) => parentPort.postMessage({ error: String(error) }));
`;

async function post(body: Buffer): Promise<{ status: number; body: unknown }> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${demo.tokens[SUPERVISOR]}` };
  // Handed over, not copied: copying 80 MB would stall this loop too.
  const worker = new Worker(UPLOADER, {
    eval: true,
    workerData: { url: `${demo.app.url}/importacao/upload`, headers, body },
    transferList: [body.buffer as ArrayBuffer],
  });
  try {
    const answer = await new Promise<{ status: number; body: unknown } | { error: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if ('error' in answer) throw new Error(answer.error);
    return answer;
  } finally {
    await worker.terminate();
  }
}

/** Imports and import jobs ever written: a refused upload writes neither. */
const written = async () =>
  (
    await demo.app.db.query<{ n: number }>(
      "select (select count(*) from importacao)::int + (select count(*) from tarefa where co_tipo = 'importacao_csv')::int as n",
    )
  )[0].n;

/** Runs `work` while the probe asks; returns the work's result and the slowest answer (ms). */
async function whileProbing<T>(work: () => Promise<T>): Promise<{ result: T; worstMs: number; answers: number }> {
  const probe = startProbe(demo.app.url);
  let result: T;
  try {
    result = await work();
  } finally {
    // Let a stall that ends the work show up too.
    await new Promise((resolve) => setTimeout(resolve, 4 * PROBE_EVERY_MS));
  }
  const answers = await probe.stop();
  expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
  const worstMs = Math.max(...answers.map((answer) => answer.ms));
  // The figure, for whoever reads the run: how far from the limit this machine is.
  console.log(`${expect.getState().currentTestName}: ${answers.length} respostas de /health/live, a pior em ${worstMs.toFixed(0)} ms`);
  return { result, worstMs, answers: answers.length };
}

describe('a hostile 60 MB upload never stalls the API', () => {
  it(`refuses a header of "a;" repeated to 60 MB with its text, /health/live answering within ${MAX_ANSWER_MS} ms`, async () => {
    const campaignId = await newCampaign();
    const body = uploadBody(campaignId, Buffer.from('a;'.repeat(IMPORT_MAX_BYTES / 2)));
    const { result, worstMs, answers } = await whileProbing(() => post(body));
    // Every `a` is a column, and so is the empty cell after the last `;`.
    const columns = IMPORT_MAX_BYTES / 2 + 1;
    expect(result).toEqual({ status: 400, body: { success: false, text: IMPORT_TEXT.tooManyColumns(columns) } });
    expect(IMPORT_TEXT.tooManyColumns(columns)).toBe(`A planilha tem 31.457.281 colunas; o limite é ${IMPORT_MAX_COLUMNS}.`);
    expect(answers).toBeGreaterThan(5);
    expect(worstMs).toBeLessThanOrEqual(MAX_ANSWER_MS);
  }, 180_000);

  it(`refuses a file of one 60 MB cell with its text, /health/live answering within ${MAX_ANSWER_MS} ms`, async () => {
    const campaignId = await newCampaign();
    const before = await written();
    const body = uploadBody(campaignId, Buffer.alloc(IMPORT_MAX_BYTES, 'a'));
    const { result, worstMs, answers } = await whileProbing(() => post(body));
    expect(result).toEqual({ status: 400, body: { success: false, text: IMPORT_TEXT.lineTooLong(1) } });
    expect(IMPORT_TEXT.lineTooLong(1)).toBe(
      `A linha 1 da planilha passa de ${IMPORT_MAX_LINE_CHARS.toLocaleString('pt-BR')} caracteres, o limite de uma linha.`,
    );
    expect(answers).toBeGreaterThan(5);
    expect(worstMs).toBeLessThanOrEqual(MAX_ANSWER_MS);
    expect(await written()).toBe(before);
  }, 180_000);
});

describe('a large upload, read in slices, keeps every rule of a small one', () => {
  const lines = ['CPF;Nome;Nascimento;Telefone'];
  for (let i = 0; i < 3000; i++) lines.push(`${makeCpf(String(400_000_000 + i))};Cliente ${i};01/02/1960;11 9${String(20_000_000 + i)}`);
  const sheet = Buffer.from(lines.join('\r\n'));

  it('imports a sheet whose JSON escapes "/", as other encoders than the browser write it', async () => {
    const campaignId = await newCampaign();
    const json = JSON.stringify({
      TX_Base: `data:text/csv;base64,${sheet.toString('base64')}`,
      ID_Campanha: campaignId,
      SN_Higienizar: false,
    });
    expect(json.length).toBeGreaterThan(128 * 1024);
    const started = await post(Buffer.from(json.replaceAll('/', '\\/').replaceAll('false', ' false ')));
    expect(started).toEqual({
      status: 200,
      body: { success: true, text: IMPORT_TEXT.started, data: { ID_Importacao: expect.any(Number) } },
    });
    const id = (started.body as { data: { ID_Importacao: number } }).data.ID_Importacao;
    await eventually(async () => (await demo.get(`/importacao/${id}`, SUPERVISOR)).body.data.ID_Status !== 0, 60_000);
    expect((await demo.get(`/importacao/${id}`, SUPERVISOR)).body.data).toMatchObject({
      ID_Status: 63,
      NU_Linhas: 3000,
      NU_Importados: 3000,
    });
  });

  it('refuses a control character in the file or another field, naming it', async () => {
    const campaignId = await newCampaign();
    const before = await written();
    const dataUrl = `data:text/csv;base64,${sheet.toString('base64')}`;
    for (const [body, text] of [
      [
        { TX_Base: `${dataUrl.slice(0, 200_000)}\u0001${dataUrl.slice(200_000)}`, ID_Campanha: campaignId, SN_Higienizar: false },
        'TX_Base',
      ],
      [{ TX_Base: dataUrl, ID_Campanha: campaignId, SN_Higienizar: false, Obs: 'a\u0000' }, 'Obs'],
    ] as const) {
      expect(await post(Buffer.from(JSON.stringify(body)))).toEqual({
        status: 400,
        body: { success: false, text: `${text}: Remova os caracteres de controle do texto.` },
      });
    }
    expect(await written()).toBe(before);
  });
});
