/**
 * Own batch import (docs/rules.md "CSV imports and provider batches"): POST /importacao/upload answers at once,
 * the job imports all or nothing, GET /importacao/{id} and /rejeitadas show the result.
 */
import { IMPORT_DATA_URL_MAX, IMPORT_TEXT } from '@consig/shared/contracts';
import { makeCpf } from '@consig/shared/format';
import { DEMO_CLIENTS } from '../src/db/demoData';
import { demoClientId, useSignedInDemoApp } from './harness';
import { eventually } from './eventually';

const demo = useSignedInDemoApp();
const SUPERVISOR = 'supervisor@demo.com.br';
const GERENTE = 'gerente@demo.com.br';
const ATTENDANT = 'atendente@demo.com.br';
const OTHER_COMPANY = 'atendente@outra.com.br';

beforeAll(async () => {
  await demo.app.app.jobs.start();
  // Company 2 has no supervisor in the demo data: promote its attendant (the bearer hook reads the role per request).
  await demo.app.db.query("update pessoa set id_funcao = 12 where em_email = 'atendente@outra.com.br'");
});

const dataUrl = (bytes: Buffer) => `data:text/csv;base64,${bytes.toString('base64')}`;
const utf8Bom = (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
const windows1252 = (text: string) => Buffer.from(text, 'latin1');

let campaignCount = 0;
/** A fresh campaign of the company (agency 4 INSS or 1 FGTS). */
async function newCampaign(options: { company?: number; agency?: number; needsValues?: boolean } = {}): Promise<number> {
  campaignCount++;
  const [row] = await demo.app.db.query<{ id: number }>(
    `insert into campanha (id_empresa, co_campanha, de_campanha, id_orgao, sn_exige_valores)
     values ($1, $2, $3, $4, $5) returning id_campanha as id`,
    [options.company ?? 1, `IMP-${campaignCount}`, `Importação ${campaignCount}`, options.agency ?? 4, options.needsValues ? 1 : 0],
  );
  return row.id;
}

const upload = (campaignId: number, file: Buffer | string, { sanitize = false, email = SUPERVISOR } = {}) =>
  demo.app.call('POST', '/importacao/upload', {
    token: demo.tokens[email],
    body: { TX_Base: typeof file === 'string' ? file : dataUrl(file), ID_Campanha: campaignId, SN_Higienizar: sanitize },
  });

/** Uploads and waits for the job to end; returns GET /importacao/{id}'s data. */
async function importFile(campaignId: number, file: Buffer, options: { sanitize?: boolean } = {}) {
  const started = await upload(campaignId, file, options);
  expect(started).toEqual({ status: 200, body: { success: true, text: IMPORT_TEXT.started, data: { ID_Importacao: expect.any(Number) } } });
  const id: number = started.body.data.ID_Importacao;
  let status = 0;
  await eventually(async () => {
    status = (await demo.get(`/importacao/${id}`, SUPERVISOR)).body.data.ID_Status;
    return status !== 0;
  }, 60_000);
  return (await demo.get(`/importacao/${id}`, SUPERVISOR)).body.data;
}

const exportsAudited = async (id: number) =>
  (
    await demo.app.db.query<{ n: number }>(
      `select count(*)::int as n from auditoria
        where tp_acao = 'importacao.rejeitadas_exportacao' and (js_detalhe ->> 'ID_Importacao')::int = $1`,
      [id],
    )
  )[0].n;

/** The rejected lines' CSV, as a supervisor downloads it; each download is one audit row (the lines hold personal data). */
const rejectedCsv = async (id: number) => {
  const audited = await exportsAudited(id);
  const response = await fetch(`${demo.app.url}/importacao/${id}/rejeitadas`, {
    headers: { authorization: `Bearer ${demo.tokens[SUPERVISOR]}` },
  });
  expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(await exportsAudited(id)).toBe(audited + 1);
  return (await response.text())
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
};

const queuedCpfs = async (campaignId: number) =>
  (
    await demo.app.db.query<{ cpf: string }>(
      'select c.co_cpf as cpf from fila f join cliente c using (id_cliente) where f.id_campanha = $1 order by f.ts_disponivel, f.id_fila',
      [campaignId],
    )
  ).map((row) => row.cpf);

const client = async (cpf: string) =>
  (
    await demo.app.db.query<{ nome: string; nascimento: string; matricula: string | null; especie: number | null; phones: string[] }>(
      `select de_pessoa as nome, to_char(dt_nascimento, 'YYYY-MM-DD') as nascimento, co_matricula as matricula, id_especie as especie,
              array(select co_ddd || co_telefone from telefone t where t.id_cliente = c.id_cliente order by id_telefone) as phones
         from cliente c where id_empresa = 1 and co_cpf = $1`,
      [cpf],
    )
  )[0];

const CPF = ['123456789', '987654321', '246813579', '135792468', '864209753', '753186420'].map(makeCpf);

describe('POST /importacao/upload and the import job', () => {
  it('imports a UTF-8 file with BOM and `,`, and the campaign list shows it done', async () => {
    const campaignId = await newCampaign();
    const file = utf8Bom(
      'cpf,nome,data de nascimento,telefone,nb,especie\n' +
        `${CPF[0]},Maria Clara,15/03/1955,(11) 98765-4321,1234567890,41\n` +
        `"${CPF[1].slice(0, 3)}.${CPF[1].slice(3, 6)}.${CPF[1].slice(6, 9)}-${CPF[1].slice(9)}","Souza, João",01-02-1950,,222,32\n`,
    );
    const result = await importFile(campaignId, file);
    expect(result).toMatchObject({
      ID_Campanha: campaignId,
      ID_Status: 63,
      NU_Linhas: 2,
      NU_Importados: 2,
      NU_Higienizados: 0,
      NU_Rejeitados: 0,
      DE_Motivo: null,
    });
    expect(await queuedCpfs(campaignId)).toEqual([CPF[0], CPF[1]]);
    expect(await client(CPF[1])).toEqual({ nome: 'Souza, João', nascimento: '1950-02-01', matricula: '222', especie: 32, phones: [] });
    expect((await client(CPF[0])).phones).toEqual(['11987654321']);

    const { body } = await demo.get('/cadastro/campanhas', SUPERVISOR);
    expect(body.data.find((c: { CampanhaID: number }) => c.CampanhaID === campaignId)).toMatchObject({
      importacao: { ID_Status: 63 },
      NU_Importados: 2,
      NU_Higienizados: 0,
      TS_Baixa: expect.any(String),
    });
  });

  it('imports a Windows-1252 file with `sep=;`, `;`, accents and comma decimals', async () => {
    const campaignId = await newCampaign({ needsValues: true });
    const file = windows1252(
      'sep=;\r\nMATRÍCULA;Espécie;Nome;Nascimento;CPF;Valor Ofertado;Valor Parcela;Celular\r\n' +
        `9876;41;Conceição Araújo;05/06/1948;${CPF[2]};1.234,56;3,01;+55 (21) 99876-5432\r\n` +
        `9877;41;Sem Valores;05/06/1948;${CPF[3]};;;\r\n`,
    );
    const result = await importFile(campaignId, file);
    expect(result).toMatchObject({ ID_Status: 63, NU_Linhas: 2, NU_Importados: 1, NU_Rejeitados: 1 });
    expect(await client(CPF[2])).toEqual({
      nome: 'Conceição Araújo',
      nascimento: '1948-06-05',
      matricula: '9876',
      especie: 41,
      phones: [],
    });
    expect(await rejectedCsv(result.ID_Importacao)).toEqual([
      'Linha;Motivo;Conteúdo original',
      `4;${IMPORT_TEXT.valuesRequired};"9877;41;Sem Valores;05/06/1948;${CPF[3]};;;"`,
    ]);
  });

  it('keeps every bad line with its number and reason, and imports the rest', async () => {
    const campaignId = await newCampaign();
    const existing = makeCpf(DEMO_CLIENTS[0].cpfBase);
    const file = Buffer.from(
      'CPF;Nome;Nascimento;NB;Espécie\n' +
        ';Sem CPF;01/01/1950;1;41\n' +
        '12.34;CPF curto;01/01/1950;1;41\n' +
        `${CPF[4]};Data ruim;31/02/1950;1;41\n` +
        `${CPF[4]};Espécie inexistente;01/01/1950;1;999\n` +
        `${CPF[4]};;01/01/1950;1;41\n` +
        `${CPF[4]};Sem NB;01/01/1950;;41\n` +
        `${existing};;;;\n`,
    );
    const result = await importFile(campaignId, file);
    expect(result).toMatchObject({ ID_Status: 63, NU_Linhas: 7, NU_Importados: 1, NU_Rejeitados: 6, NU_Higienizados: 0 });
    expect(await queuedCpfs(campaignId)).toEqual([existing]);
    expect((await rejectedCsv(result.ID_Importacao)).map((line) => line.split(';').slice(0, 2).join(';'))).toEqual([
      'Linha;Motivo',
      `2;${IMPORT_TEXT.cpfMissing}`,
      `3;${IMPORT_TEXT.cpfMalformed}`,
      `4;${IMPORT_TEXT.birthInvalid}`,
      `5;${IMPORT_TEXT.speciesUnknown(999)}`,
      `6;${IMPORT_TEXT.newClientFields}`,
      `7;${IMPORT_TEXT.inssFields}`,
    ]);
  });

  it('merges repeated CPFs without sanitising and drops them (and invalid CPFs, campaign clients) with it', async () => {
    const campaignId = await newCampaign({ agency: 1 });
    const invalid = `${CPF[5].slice(0, 9)}00`;
    const file = (extra = '') =>
      Buffer.from(
        'CPF;Nome;Nascimento;Telefone\n' +
          `${CPF[5]};Repetida;01/01/1970;11 98888-7777\n` +
          `${CPF[5]};Repetida;01/01/1970;11 3222-1111\n` +
          `${invalid};Dígitos errados;01/01/1970;\n` +
          extra,
      );
    const plain = await importFile(campaignId, file());
    expect(plain).toMatchObject({ ID_Status: 63, NU_Importados: 2, NU_Higienizados: 0, NU_Rejeitados: 0 });
    expect((await client(CPF[5])).phones).toEqual(['11988887777', '1132221111']);

    const sanitizedCampaign = await newCampaign({ agency: 1 });
    const other = makeCpf('111222333');
    await importFile(sanitizedCampaign, Buffer.from(`CPF;Nome;Nascimento\n${other};Já na campanha;01/01/1970\n`));
    const sanitized = await importFile(sanitizedCampaign, file(`${other};Já na campanha;01/01/1970\n`), { sanitize: true });
    expect(sanitized).toMatchObject({ ID_Status: 63, NU_Importados: 1, NU_Higienizados: 3, NU_Rejeitados: 0, SN_Higienizar: true });
    expect(await queuedCpfs(sanitizedCampaign)).toEqual([other, CPF[5]]);
    expect((await rejectedCsv(sanitized.ID_Importacao)).map((line) => line.split(';').slice(0, 2).join(';'))).toEqual([
      'Linha;Motivo',
      `3;${IMPORT_TEXT.repeatedInFile(2)}`,
      `4;${IMPORT_TEXT.cpfInvalid}`,
      `5;${IMPORT_TEXT.alreadyInCampaign}`,
    ]);
    // The campaign shows the latest import's counts.
    const { body } = await demo.get('/cadastro/campanhas', SUPERVISOR);
    expect(body.data.find((c: { CampanhaID: number }) => c.CampanhaID === sanitizedCampaign)).toMatchObject({
      NU_Importados: 1,
      NU_Higienizados: 3,
    });
  });

  it('never queues a do-not-call client', async () => {
    const campaignId = await newCampaign();
    const deceased = DEMO_CLIENTS[1];
    await demo.app.db.query('update cliente set ts_nao_ligar = now() where id_cliente = $1', [await demoClientId(demo.app.db, deceased)]);
    const result = await importFile(campaignId, Buffer.from(`CPF\n${makeCpf(deceased.cpfBase)}\n${makeCpf(DEMO_CLIENTS[2].cpfBase)}\n`));
    expect(result).toMatchObject({ ID_Status: 63, NU_Importados: 1 });
    expect(await queuedCpfs(campaignId)).toEqual([makeCpf(DEMO_CLIENTS[2].cpfBase)]);
  });

  it('ends in 99 with the reason when the file has no CPF column, writing nothing', async () => {
    const campaignId = await newCampaign();
    const result = await importFile(campaignId, Buffer.from('Nome;Telefone\nAna;11987654321\n'));
    expect(result).toMatchObject({ ID_Status: 99, DE_Motivo: IMPORT_TEXT.noCpfColumn, NU_Importados: 0 });
    expect(await queuedCpfs(campaignId)).toEqual([]);
    const { body } = await demo.get('/cadastro/campanhas', SUPERVISOR);
    expect(body.data.find((c: { CampanhaID: number }) => c.CampanhaID === campaignId)).toMatchObject({ importacao: { ID_Status: 99 } });
  });

  it('imports a full sheet of 50,000 clients', async () => {
    const campaignId = await newCampaign({ agency: 1 });
    const lines = ['CPF;Nome;Nascimento;Telefone'];
    for (let i = 0; i < 50_000; i++)
      lines.push(`${makeCpf(String(300_000_000 + i))};Cliente ${i};01/01/1970;11 9${String(10_000_000 + i)}`);
    const result = await importFile(campaignId, windows1252(lines.join('\r\n')));
    expect(result).toMatchObject({ ID_Status: 63, NU_Linhas: 50_000, NU_Importados: 50_000, NU_Rejeitados: 0 });
    expect((await queuedCpfs(campaignId)).length).toBe(50_000);
  }, 90_000); // 50,000 clients written: ~15 s alone, past 30 s on a 2-core machine running another suite beside it

  it('serves a template that imports as is', async () => {
    const response = await fetch(`${demo.app.url}/importacao/modelo.csv`, { headers: { authorization: `Bearer ${demo.tokens[GERENTE]}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const template = Buffer.from(await response.arrayBuffer());
    const result = await importFile(await newCampaign({ needsValues: true }), template);
    expect(result).toMatchObject({ ID_Status: 63, NU_Linhas: 1, NU_Importados: 1, NU_Rejeitados: 0 });
  });
});

describe('refusals before any job', () => {
  const written = async () =>
    (
      await demo.app.db.query<{ n: number }>(
        "select (select count(*) from importacao)::int + (select count(*) from tarefa where co_tipo = 'importacao_csv')::int as n",
      )
    )[0].n;

  it('refuses more than 50,000 clients, a file over 60 MB, a body over the limit and a malformed data URL', async () => {
    const campaignId = await newCampaign();
    const before = await written();
    const lines = ['CPF'];
    for (let i = 0; i < 50_001; i++) lines.push(String(i).padStart(11, '0'));
    expect(await upload(campaignId, Buffer.from(lines.join('\n')))).toEqual({
      status: 400,
      body: { success: false, text: IMPORT_TEXT.tooManyLines(50_001) },
    });
    expect(IMPORT_TEXT.tooManyLines(50_001)).toBe('A planilha tem 50.001 linhas de clientes; o máximo é de 50.000 clientes por planilha.');

    expect(await upload(campaignId, Buffer.alloc(60 * 1024 * 1024 + 1, 'a'))).toEqual({
      status: 413,
      body: { success: false, text: IMPORT_TEXT.tooBig },
    });
    const overBody = await upload(campaignId, `data:text/csv;base64,${'A'.repeat(IMPORT_DATA_URL_MAX + 4096)}`);
    expect(overBody.status).toBe(413);
    expect(overBody.body.text).toMatch(/^Requisição grande demais: o limite é de \d+ MB\.$/);

    for (const bad of ['CPF;Nome', 'data:text/csv;base64,não é base64!', 'data:text/csv;base64,']) {
      const answer = await upload(campaignId, bad);
      expect({ bad, answer }).toEqual({
        bad,
        answer: { status: 400, body: { success: false, text: bad.endsWith(',') ? IMPORT_TEXT.empty : IMPORT_TEXT.malformed } },
      });
    }
    expect(await written()).toBe(before);
    expect((await demo.app.db.query('select id_status_importacao from campanha where id_campanha = $1', [campaignId]))[0]).toEqual({
      id_status_importacao: null,
    });
  });

  it('requires a token, a supervisor or manager, and the company’s own campaign and import', async () => {
    const campaignId = await newCampaign();
    const started = await upload(campaignId, Buffer.from(`CPF\n${makeCpf(DEMO_CLIENTS[3].cpfBase)}\n`), { email: GERENTE });
    expect(started.status).toBe(200);
    const id = started.body.data.ID_Importacao;
    const body = { TX_Base: dataUrl(Buffer.from('CPF\n1')), ID_Campanha: campaignId, SN_Higienizar: false };
    for (const [method, path] of [
      ['POST', '/importacao/upload'],
      ['GET', `/importacao/${id}`],
      ['GET', `/importacao/${id}/rejeitadas`],
      ['GET', '/importacao/modelo.csv'],
    ]) {
      const withBody = method === 'POST' ? { body } : {};
      expect((await demo.app.call(method, path, withBody)).status).toBe(401);
      expect(await demo.app.call(method, path, { ...withBody, token: demo.tokens[ATTENDANT] })).toEqual({
        status: 403,
        body: { success: false, text: 'Você não tem permissão para esta ação.' },
      });
    }
    expect(await upload(campaignId, Buffer.from('CPF\n1'), { email: OTHER_COMPANY })).toEqual({
      status: 404,
      body: { success: false, text: IMPORT_TEXT.campaignNotFound },
    });
    for (const path of [`/importacao/${id}`, `/importacao/${id}/rejeitadas`, '/importacao/999999']) {
      expect(await demo.get(path, OTHER_COMPANY)).toEqual({ status: 404, body: { success: false, text: IMPORT_TEXT.importNotFound } });
    }
    expect(await upload(await newCampaign({ company: 2 }), Buffer.from('CPF\n1'))).toEqual({
      status: 404,
      body: { success: false, text: IMPORT_TEXT.campaignNotFound },
    });
  });
});
