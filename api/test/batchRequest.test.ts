/**
 * Provider batches (docs/rules.md "CSV imports and provider batches"): POST /cadastro/campanha/loteverz selects
 * from the prospect base by the filters, leaves out the campaign's CPFs and do-not-call clients, caps at
 * NU_Clientes and loads the result through the import job.
 */
import { BATCH_TEXT, IMPORT_STATUS } from '@consig/shared/contracts';
import { saoPauloDate } from '@consig/shared/credit';
import { demoProspects } from '../src/db/prospects';
import { useSignedInDemoApp } from './harness';
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
  // The lookup holds only FGTS and INSS today; campaigns of other agencies must still be refused.
  await demo.app.db.query("insert into orgao values (2, 'SIAPE'), (3, 'Forças Armadas') on conflict do nothing");
});

let campaignCount = 0;
async function newCampaign(options: { company?: number; agency?: number } = {}): Promise<number> {
  campaignCount++;
  const [row] = await demo.app.db.query<{ id: number }>(
    `insert into campanha (id_empresa, co_campanha, de_campanha, id_orgao) values ($1, $2, $3, $4) returning id_campanha as id`,
    [options.company ?? 1, `LOTE-${campaignCount}`, `Lote ${campaignCount}`, options.agency ?? 4],
  );
  return row.id;
}

const requestBatch = (body: Record<string, unknown>, email = SUPERVISOR) =>
  demo.app.call('POST', '/cadastro/campanha/loteverz', { token: demo.tokens[email], body });

/** Waits for the batch's import to end; returns GET /importacao/{id}'s data. */
async function finishedImport(id: number) {
  await eventually(async () => (await demo.get(`/importacao/${id}`, SUPERVISOR)).body.data.ID_Status !== IMPORT_STATUS.PROCESSANDO, 60_000);
  return (await demo.get(`/importacao/${id}`, SUPERVISOR)).body.data;
}

const queuedCpfs = async (campaignId: number) =>
  (
    await demo.app.db.query<{ cpf: string }>(
      'select c.co_cpf as cpf from fila f join cliente c using (id_cliente) where f.id_campanha = $1',
      [campaignId],
    )
  )
    .map((row) => row.cpf)
    .sort();

/** The prospects a filter selects, written here independently of the API (agency, age, money in reais, dates). */
async function prospectsWhere(conditions: string, params: unknown[]): Promise<string[]> {
  const rows = await demo.app.db.query<{ cpf: string }>(
    `select p.co_cpf as cpf from prospecto p
      where ${conditions}
        and not exists (select 1 from cliente c where c.id_empresa = 1 and c.co_cpf = p.co_cpf and c.ts_nao_ligar is not null)
      order by p.id_prospecto`,
    params,
  );
  return rows.map((row) => row.cpf);
}

const today = () => saoPauloDate(new Date());

describe('POST /cadastro/campanha/loteverz', () => {
  it('loads the prospects matching an INSS filter into the campaign queue through the import job', async () => {
    const campaignId = await newCampaign({ agency: 4 });
    const expected = await prospectsWhere(
      `p.id_orgao = 4 and extract(year from age($1::date, p.dt_nascimento)) between 65 and 80
         and p.vl_renda between 1518 and 3000 and p.id_especie in (41, 42) and p.sg_estado in ('SP', 'MG')
         and p.dt_dib between '2005-01-01' and '2022-12-31'`,
      [today()],
    );
    expect(expected.length).toBeGreaterThan(10);
    expect(expected.length).toBeLessThan(4000);

    const answer = await requestBatch({
      ID_Campanha: campaignId,
      MN_Idade: 65,
      MX_Idade: 80,
      MN_Salario: '1518.00',
      MX_Salario: 3000,
      MN_InicioBeneficio: '01-01-2005',
      MX_InicioBeneficio: '31-12-2022',
      especies: [41, 42],
      estados: ['sp', 'MG'],
      // Accepted, not applied by the built-in provider (no data in the base).
      MN_Prazo: 48,
      MX_Prazo: 84,
      MN_Taxa: '1.80',
      SN_RcmUtilizado: 0,
      TP_Beneficio: 1,
      bancoEmprestimo: [318],
      bancoPagamento: null,
      MN_Pmt: null,
      MX_Pmt: null,
      NU_Clientes: 50_000,
    });
    expect(answer).toEqual({
      status: 200,
      body: {
        success: true,
        text: `Lote solicitado: ${expected.length.toLocaleString('pt-BR')} clientes encontrados; importação em andamento.`,
        data: { NU_Clientes: expected.length, ID_Importacao: expect.any(Number) },
      },
    });
    const done = await finishedImport(answer.body.data.ID_Importacao);
    expect(done).toMatchObject({
      ID_Campanha: campaignId,
      ID_Status: IMPORT_STATUS.CONCLUIDO,
      NU_Linhas: expected.length,
      NU_Importados: expected.length,
      NU_Rejeitados: 0,
    });
    expect(await queuedCpfs(campaignId)).toEqual([...expected].sort());

    // A new client carries the prospect's data and phones.
    const [first] = demoProspects().filter((p) => expected.includes(p.cpf));
    const [client] = await demo.app.db.query<{ name: string; birth: string; nb: string; species: number; phones: string[] }>(
      `select de_pessoa as name, to_char(dt_nascimento, 'YYYY-MM-DD') as birth, co_matricula as nb, id_especie as species,
              array(select co_ddd || co_telefone from telefone t where t.id_cliente = c.id_cliente order by id_telefone) as phones
         from cliente c where id_empresa = 1 and co_cpf = $1`,
      [first.cpf],
    );
    expect(client).toEqual({ name: first.name, birth: first.birth, nb: first.benefitNumber, species: first.species, phones: first.phones });

    const summary = await demo.get(`/cadastro/campanha/${campaignId}/resumo`, SUPERVISOR);
    expect(summary.body.data.TS_Solicitacao).toEqual(expect.any(String));
  });

  it('selects FGTS workers for an FGTS campaign by age and 35% margin', async () => {
    const campaignId = await newCampaign({ agency: 1 });
    const expected = await prospectsWhere(
      `p.id_orgao = 1 and extract(year from age($1::date, p.dt_nascimento)) between 25 and 40 and round(p.vl_renda * 0.35, 2) between 1000 and 2000`,
      [today()],
    );
    expect(expected.length).toBeGreaterThan(10);
    const answer = await requestBatch(
      { ID_Campanha: campaignId, MN_Idade: 25, MX_Idade: 40, MN_Margem35: '1000.00', MX_Margem35: '2000.00', NU_Clientes: 50_000 },
      GERENTE,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.NU_Clientes).toBe(expected.length);
    await finishedImport(answer.body.data.ID_Importacao);
    expect(await queuedCpfs(campaignId)).toEqual([...expected].sort());
  });

  it('leaves out CPFs already in the campaign and do-not-call clients, and caps at NU_Clientes', async () => {
    const campaignId = await newCampaign({ agency: 4 });
    const [inCampaign, doNotCall, ...rest] = demoProspects().filter((p) => p.agency === 4 && p.state === 'RJ');
    // One already queued in the campaign, one a do-not-call client of the company.
    const [{ id: queuedClient }] = await demo.app.db.query<{ id: number }>(
      `insert into cliente (id_empresa, co_cpf, de_pessoa, id_orgao) values (1, $1, $2, 4) returning id_cliente as id`,
      [inCampaign.cpf, inCampaign.name],
    );
    await demo.app.db.query('insert into fila (id_empresa, id_campanha, id_cliente) values (1, $1, $2)', [campaignId, queuedClient]);
    await demo.app.db.query(`insert into cliente (id_empresa, co_cpf, de_pessoa, id_orgao, ts_nao_ligar) values (1, $1, $2, 4, now())`, [
      doNotCall.cpf,
      doNotCall.name,
    ]);

    const answer = await requestBatch({ ID_Campanha: campaignId, estados: ['RJ'], NU_Clientes: 5 });
    expect(answer.body).toMatchObject({ success: true, text: BATCH_TEXT.requested(5), data: { NU_Clientes: 5 } });
    const done = await finishedImport(answer.body.data.ID_Importacao);
    expect(done).toMatchObject({ ID_Status: IMPORT_STATUS.CONCLUIDO, NU_Importados: 5 });
    // The base's order: the first five RJ prospects after the two left out.
    expect(await queuedCpfs(campaignId)).toEqual([inCampaign.cpf, ...rest.slice(0, 5).map((p) => p.cpf)].sort());
  });

  it('answers with the count when nothing matches, and marks the request', async () => {
    const campaignId = await newCampaign({ agency: 4 });
    const answer = await requestBatch({ ID_Campanha: campaignId, MN_Idade: 20, MX_Idade: 21, NU_Clientes: 100 });
    expect(answer).toEqual({
      status: 200,
      body: { success: true, text: BATCH_TEXT.noneFound, data: { NU_Clientes: 0, ID_Importacao: null } },
    });
    expect(await queuedCpfs(campaignId)).toEqual([]);
    const [row] = await demo.app.db.query<{ requested: boolean }>(
      'select ts_solicitacao is not null as requested from campanha where id_campanha = $1',
      [campaignId],
    );
    expect(row.requested).toBe(true);
  });

  it('refuses a half-filled pair, naming the empty field', async () => {
    const campaignId = await newCampaign();
    expect(await requestBatch({ ID_Campanha: campaignId, MN_Idade: 60, MX_Idade: null, NU_Clientes: 10 })).toEqual({
      status: 400,
      body: { success: false, text: 'MX_Idade: Preencha todos ou nenhum.' },
    });
    expect((await requestBatch({ ID_Campanha: campaignId, MX_InicioBeneficio: '01-01-2020', NU_Clientes: 10 })).body.text).toBe(
      'MN_InicioBeneficio: Preencha todos ou nenhum.',
    );
    expect((await requestBatch({ ID_Campanha: campaignId, MN_Pmt: '100.00', NU_Clientes: 10 })).body.text).toBe(
      'MX_Pmt: Preencha todos ou nenhum.',
    );
    expect(await queuedCpfs(campaignId)).toEqual([]);
  });

  it('refuses a missing or out-of-range NU_Clientes and an inverted range', async () => {
    const campaignId = await newCampaign();
    for (const NU_Clientes of [undefined, null, 0, 50_001]) {
      expect(await requestBatch({ ID_Campanha: campaignId, NU_Clientes })).toEqual({
        status: 400,
        body: { success: false, text: `NU_Clientes: ${BATCH_TEXT.clients}` },
      });
    }
    expect((await requestBatch({ ID_Campanha: campaignId, MN_Idade: 80, MX_Idade: 60, NU_Clientes: 10 })).body.text).toBe(
      `MN_Idade: ${BATCH_TEXT.inverted}`,
    );
    expect(
      (await requestBatch({ ID_Campanha: campaignId, MN_InicioBeneficio: '31-02-2020', MX_InicioBeneficio: '01-03-2020', NU_Clientes: 10 }))
        .body.text,
    ).toBe(`MN_InicioBeneficio: ${BATCH_TEXT.date}`);
  });

  it.each([2, 3])('refuses a campaign of agency %i: only FGTS and INSS', async (agency) => {
    const campaignId = await newCampaign({ agency });
    expect(await requestBatch({ ID_Campanha: campaignId, NU_Clientes: 10 })).toEqual({
      status: 400,
      body: { success: false, text: 'Recurso atualmente disponível apenas para FGTS e INSS' },
    });
  });

  it('needs a token (401), a supervisor or manager (403) and a campaign of the caller’s company (404)', async () => {
    const ours = await newCampaign({ company: 1 });
    const theirs = await newCampaign({ company: 2 });
    const body = { ID_Campanha: ours, NU_Clientes: 10 };
    expect((await demo.app.call('POST', '/cadastro/campanha/loteverz', { body })).status).toBe(401);
    expect(await requestBatch(body, ATTENDANT)).toEqual({
      status: 403,
      body: { success: false, text: 'Você não tem permissão para esta ação.' },
    });
    expect(await requestBatch({ ID_Campanha: theirs, NU_Clientes: 10 })).toEqual({
      status: 404,
      body: { success: false, text: 'Campanha não encontrada.' },
    });
    expect(await requestBatch(body, OTHER_COMPANY)).toEqual({ status: 404, body: { success: false, text: 'Campanha não encontrada.' } });
    const [row] = await demo.app.db.query<{ requested: number }>(
      'select count(*)::int as requested from campanha where id_campanha in ($1, $2) and ts_solicitacao is not null',
      [ours, theirs],
    );
    expect(row.requested).toBe(0);
    expect(await queuedCpfs(ours)).toEqual([]);
  });
});
