import { decodeToken, useSignedInDemoApp } from './harness';

// 'Relatórios' → 'Relatórios' (docs/rules.md "Reports"): the figures of a period against rows written here by
// hand on two São Paulo days long before the demo data, with a pause and a call across midnight.
/** The API's clock: the real one, or an instant a test sets (calls in progress and current states count to it). */
let fixedNow: Date | null = null;
const demo = useSignedInDemoApp({ clock: () => fixedNow ?? new Date() });
afterEach(() => {
  fixedNow = null;
});
const SUP = 'supervisor@demo.com.br';
const MANAGER = 'gerente@demo.com.br';
const ANA = 'atendente@demo.com.br';
const BRUNO = 'atendente2@demo.com.br';
const OTHER = 'atendente@outra.com.br';
const idOf = (email: string) => decodeToken(demo.tokens[email]).pessoa.ID_Pessoa as number;

const D = '2025-06-11'; // a Wednesday
const D1 = '2025-06-12';
const at = (day: string, time: string) => `${day}T${time}-03:00`;
const NUMBER = '1130001000';
let campaignId: number;
let otherCompanyCampaign: number;

const get = (query: string, email = SUP) => demo.get(`/relatorios/periodo?${query}`, email);

beforeAll(async () => {
  const db = demo.app.db;
  const ana = idOf(ANA);
  [{ id: campaignId }] = await db.query<{ id: number }>(
    'select id_campanha as id from campanha where id_empresa = 1 order by id_campanha limit 1',
  );
  [{ id: otherCompanyCampaign }] = await db.query<{ id: number }>(
    `insert into campanha (id_empresa, co_campanha, de_campanha, id_orgao) values (2, 'X1', 'Outra', 1) returning id_campanha as id`,
  );
  const [{ id: clientId }] = await db.query<{ id: number }>(
    'select id_cliente as id from cliente where id_empresa = 1 order by id_cliente limit 1',
  );
  let call = 0;
  const insertCall = (fields: {
    direction: 'saida' | 'entrada';
    start: string;
    answer?: string;
    end: string;
    closure: string;
    campaign?: number;
  }) =>
    db.query(
      `insert into ligacao (id_empresa, co_sip_call_id, co_direcao, id_atendente, nu_ramal, id_cliente, id_campanha, nu_origem, nu_destino,
                            nu_identificador, ts_inicio, ts_atendimento, ts_fim, co_situacao, co_encerramento, co_sip)
       values (1, $1, $2, $3, '1001', $4, $5, '1001', '11987654321', $6, $7, $8, $9, 'encerrada', $10, $11)`,
      [
        `report-${++call}@reports.test`,
        fields.direction,
        ana,
        clientId,
        fields.campaign ?? null,
        fields.direction === 'saida' ? NUMBER : null,
        fields.start,
        fields.answer ?? null,
        fields.end,
        fields.closure,
        fields.answer ? 200 : fields.closure === 'recusada' ? 403 : 480,
      ],
    );
  // Day D: answered (ring 10 s, talk 120 s), unanswered (ring 25 s), refused at the edge (no ring), and an
  // inbound call from 23:59:50 that ends after midnight (ring 5 s, talk 10 s: it counts on its start's day).
  await insertCall({
    direction: 'saida',
    start: at(D, '10:00:00'),
    answer: at(D, '10:00:10'),
    end: at(D, '10:02:10'),
    closure: 'chamado',
    campaign: campaignId,
  });
  await insertCall({ direction: 'saida', start: at(D, '10:30:00'), end: at(D, '10:30:25'), closure: 'falhou', campaign: campaignId });
  await insertCall({ direction: 'saida', start: at(D, '11:00:00'), end: at(D, '11:00:00'), closure: 'recusada' });
  await insertCall({
    direction: 'entrada',
    start: at(D, '23:59:50'),
    answer: at(D, '23:59:55'),
    end: at(D1, '00:00:05'),
    closure: 'chamador',
  });
  // Day D+1: a 4-second call (short, for Anatel).
  await insertCall({
    direction: 'saida',
    start: at(D1, '09:00:00'),
    answer: at(D1, '09:00:02'),
    end: at(D1, '09:00:06'),
    closure: 'chamador',
  });

  await db.query(
    `insert into historico_atendimento (id_empresa, id_atendente, id_status, id_cliente, id_campanha, ts_registro)
     values (1, $1, 303, $2, $3, $4), (1, $1, 305, $2, null, $5), (1, $1, 202, null, null, $6)`,
    [ana, clientId, campaignId, at(D, '10:03:00'), at(D1, '09:01:00'), at(D, '23:30:00')],
  );
  await db.query(
    `insert into proposta (id_empresa, id_cliente, id_tipo_credito, id_banco, id_atendente, co_ade, dt_digitacao, nu_parcelas, vl_parcela, vl_bruto, vl_liquido)
     values (1, $1, 1, 1, $2, 'REL-0001', $3, 84, 30.00, 1000.50, 900.00)`,
    [clientId, ana, at(D, '10:05:00')],
  );
  // States: available 09:00–23:30, a lunch... a late pause 23:30–00:30 across midnight, then after-call work 00:30–00:31.
  await db.query(
    `insert into atendente_estado_historico (id_empresa, id_pessoa, co_estado, id_motivo_pausa, ts_inicio, ts_fim)
     values (1, $1, 'disponivel', null, $2, $3), (1, $1, 'pausa', 202, $3, $4), (1, $1, 'pos_atendimento', null, $4, $5), (1, $1, 'offline', null, $5, $6)`,
    [ana, at(D, '09:00:00'), at(D, '23:30:00'), at(D1, '00:30:00'), at(D1, '00:31:00'), at(D1, '18:00:00')],
  );
});

const zero = {
  NU_Tentativas: 0,
  NU_Atendidas: 0,
  NU_Recebidas: 0,
  NU_SegundosFalados: 0,
  NU_SegundosToque: 0,
  NU_Resultados: 0,
  NU_Propostas: 0,
  VL_Propostas: '0.00',
  NU_SegundosLogado: 0,
  NU_SegundosPausa: 0,
  NU_SegundosPosAtendimento: 0,
};
const dayD = {
  ...zero,
  NU_Tentativas: 3,
  NU_Atendidas: 2,
  NU_Recebidas: 1,
  NU_SegundosFalados: 130,
  NU_SegundosToque: 40,
  NU_Resultados: 1,
  NU_Propostas: 1,
  VL_Propostas: '1000.50',
  NU_SegundosLogado: 52_200 + 1_800,
  NU_SegundosPausa: 1_800,
};
const dayD1 = {
  ...zero,
  NU_Tentativas: 1,
  NU_Atendidas: 1,
  NU_SegundosFalados: 4,
  NU_SegundosToque: 2,
  NU_Resultados: 1,
  NU_SegundosLogado: 1_800 + 60,
  NU_SegundosPausa: 1_800,
  NU_SegundosPosAtendimento: 60,
};

describe('GET /relatorios/periodo', () => {
  it('needs a token and a supervisor or manager', async () => {
    expect((await demo.app.call('GET', `/relatorios/periodo?inicio=${D}&fim=${D1}`)).status).toBe(401);
    expect((await get(`inicio=${D}&fim=${D1}`, ANA)).status).toBe(403);
    expect((await get(`inicio=${D}&fim=${D1}`, MANAGER)).status).toBe(200);
  });

  it('by day: every figure from the rows, a pause across midnight on both days, totals the sum of the days', async () => {
    const { body } = await get(`inicio=${D}&fim=${D1}`);
    expect(body.data.linhas).toEqual([
      { DE_Chave: D, ...dayD },
      { DE_Chave: D1, ...dayD1 },
    ]);
    expect(body.data.totais).toEqual({
      NU_Tentativas: 4,
      NU_Atendidas: 3,
      NU_Recebidas: 1,
      NU_SegundosFalados: 134,
      NU_SegundosToque: 42,
      NU_Resultados: 2,
      NU_Propostas: 1,
      VL_Propostas: '1000.50',
      NU_SegundosLogado: 54_000 + 1_860,
      NU_SegundosPausa: 3_600,
      NU_SegundosPosAtendimento: 60,
    });
    expect(body.data.resultados).toEqual([
      { ID_Status: 301, DE_Status: 'Não atende', NU_Quantidade: 0 },
      { ID_Status: 302, DE_Status: 'Falecido', NU_Quantidade: 0 },
      { ID_Status: 303, DE_Status: 'Sem interesse', NU_Quantidade: 1 },
      { ID_Status: 304, DE_Status: 'Sem margem', NU_Quantidade: 0 },
      { ID_Status: 305, DE_Status: 'Retornar ligação', NU_Quantidade: 1 },
      { ID_Status: 306, DE_Status: 'Virou cliente', NU_Quantidade: 0 },
    ]);
    expect(body.data.pausas).toEqual([{ ID_MotivoPausa: 202, DE_MotivoPausa: 'Almoço', NU_Segundos: 3_600 }]);
    expect(body.data.numeros).toEqual([
      { NU_Numero: NUMBER, DT_Dia: D, NU_Ligacoes: 1, NU_Curtas: 0 },
      { NU_Numero: NUMBER, DT_Dia: D1, NU_Ligacoes: 1, NU_Curtas: 1 },
    ]);
  });

  it('agrees with plain SQL over the same rows', async () => {
    const [sql] = await demo.app.db.query<{ attempts: number; answered: number; talk: number }>(
      `select count(*) filter (where co_direcao = 'saida')::int as attempts,
              count(*) filter (where ts_atendimento is not null and co_direcao <> 'interna')::int as answered,
              coalesce(sum(extract(epoch from ts_fim - ts_atendimento)) filter (where ts_atendimento is not null), 0)::int as talk
         from ligacao where id_empresa = 1 and (ts_inicio at time zone 'America/Sao_Paulo')::date between $1 and $2`,
      [D, D1],
    );
    const { totais } = (await get(`inicio=${D}&fim=${D1}`)).body.data;
    expect({ attempts: totais.NU_Tentativas, answered: totais.NU_Atendidas, talk: totais.NU_SegundosFalados }).toEqual(sql);
  });

  it('by hour of the day: each interval cut at the hour edges, across midnight', async () => {
    const { body } = await get(`inicio=${D}&fim=${D1}&agrupar=hora`);
    const hour = (key: string) => body.data.linhas.find((row: { DE_Chave: string }) => row.DE_Chave === key);
    expect(hour('23')).toEqual({
      ...zero,
      DE_Chave: '23',
      NU_Atendidas: 1,
      NU_Recebidas: 1,
      NU_SegundosFalados: 10,
      NU_SegundosToque: 5,
      NU_SegundosLogado: 3_600,
      NU_SegundosPausa: 1_800,
    });
    expect(hour('00')).toEqual({
      ...zero,
      DE_Chave: '00',
      NU_SegundosLogado: 1_860,
      NU_SegundosPausa: 1_800,
      NU_SegundosPosAtendimento: 60,
    });
    expect(hour('10')).toMatchObject({ NU_Tentativas: 2, NU_Atendidas: 1, NU_Resultados: 1, NU_Propostas: 1, NU_SegundosLogado: 3_600 });
    expect(body.data.linhas.map((row: { DE_Chave: string }) => row.DE_Chave)).toEqual(
      [...body.data.linhas.map((row: { DE_Chave: string }) => row.DE_Chave)].sort(),
    );
    // The same totals whichever the buckets.
    expect(body.data.totais).toEqual((await get(`inicio=${D}&fim=${D1}`)).body.data.totais);
  });

  it('filters by campaign (calls and outcomes of it) and by attendant', async () => {
    const byCampaign = (await get(`inicio=${D}&fim=${D}&ID_Campanha=${campaignId}`)).body.data.totais;
    expect(byCampaign).toMatchObject({ NU_Tentativas: 2, NU_Atendidas: 1, NU_SegundosFalados: 120, NU_Resultados: 1 });
    const bruno = (await get(`inicio=${D}&fim=${D1}&ID_Atendente=${idOf(BRUNO)}`)).body.data;
    expect(bruno).toMatchObject({ totais: zero, linhas: [], numeros: [], pausas: [] });
    expect((await get(`inicio=${D}&fim=${D1}&ID_Atendente=${idOf(ANA)}`)).body.data.totais.NU_Tentativas).toBe(4);
  });

  it("refuses a bad or too long period, and another company's campaign or person", async () => {
    expect((await get(`inicio=${D1}&fim=${D}`)).body).toEqual({
      success: false,
      text: 'Informe um período válido (datas AAAA-MM-DD, início até o fim).',
    });
    expect((await get('inicio=2025-02-30&fim=2025-03-01')).status).toBe(400);
    expect((await get('inicio=2024-01-01&fim=2025-02-01')).body).toEqual({
      success: false,
      text: 'O período pode ter no máximo 13 meses.',
    });
    expect((await get(`inicio=${D}&fim=${D1}&ID_Campanha=${otherCompanyCampaign}`)).body).toEqual({
      success: false,
      text: 'Campanha não encontrada.',
    });
    expect((await get(`inicio=${D}&fim=${D1}&ID_Atendente=${idOf(OTHER)}`)).body).toEqual({
      success: false,
      text: 'Atendente não encontrado.',
    });
    expect((await get(`inicio=${D}&fim=${D1}&agrupar=semana`)).status).toBe(400);
  });
});

describe('what is still moving, and the roll-up it lands in (migration 020)', () => {
  const D2 = '2025-06-13';

  it('a call in progress and the current state count up to now; once closed, the roll-up has them', async () => {
    const db = demo.app.db;
    const bruno = idOf(BRUNO);
    const callId = 'report-open@reports.test';
    await db.query(
      `insert into ligacao (id_empresa, co_sip_call_id, co_direcao, id_atendente, nu_ramal, id_campanha, nu_origem, nu_destino, nu_identificador,
                            ts_inicio, ts_atendimento, co_situacao)
       values (1, $1, 'saida', $2, '1002', $3, '1002', '11987654321', $4, $5, $6, 'em_curso')`,
      [callId, bruno, campaignId, NUMBER, at(D2, '15:00:00'), at(D2, '15:00:10')],
    );
    await db.query(
      `insert into atendente_estado_historico (id_empresa, id_pessoa, co_estado, ts_inicio) values (1, $1, 'em_ligacao', $2)`,
      [bruno, at(D2, '15:00:10')],
    );
    const query = `inicio=${D2}&fim=${D2}&ID_Atendente=${bruno}`;
    fixedNow = new Date(at(D2, '15:00:14'));
    const running = (await get(query)).body.data;
    expect(running.totais).toEqual({
      ...zero,
      NU_Tentativas: 1,
      NU_Atendidas: 1,
      NU_SegundosFalados: 4,
      NU_SegundosToque: 10,
      NU_SegundosLogado: 4,
    });
    expect(running.numeros).toEqual([{ NU_Numero: NUMBER, DT_Dia: D2, NU_Ligacoes: 1, NU_Curtas: 1 }]);

    fixedNow = new Date(at(D2, '16:30:00'));
    await db.query(
      `update ligacao set co_situacao = 'encerrada', ts_fim = $2, co_encerramento = 'chamador', co_sip = 200 where co_sip_call_id = $1`,
      [callId, at(D2, '15:02:10')],
    );
    await db.query(`update atendente_estado_historico set ts_fim = $2 where id_pessoa = $1 and ts_fim is null and ts_inicio = $3`, [
      bruno,
      at(D2, '15:02:10'),
      at(D2, '15:00:10'),
    ]);
    const closed = (await get(query)).body.data;
    expect(closed.totais).toEqual({ ...running.totais, NU_SegundosFalados: 120, NU_SegundosLogado: 120 });
    expect(closed.numeros).toEqual([{ NU_Numero: NUMBER, DT_Dia: D2, NU_Ligacoes: 1, NU_Curtas: 0 }]);
    const [rolled] = await db.query<{ talk: string; calls: number }>(
      `select round(sum(nu_segundos_falados), 3)::text as talk, sum(nu_tentativas)::int as calls
         from relatorio_hora where id_empresa = 1 and id_atendente = $1 and ts_hora = $2`,
      [bruno, at(D2, '15:00:00')],
    );
    expect(rolled).toEqual({ talk: '120.000', calls: 1 });

    // A deleted campaign leaves its calls in the report, under no campaign (as the raw rows say).
    const [{ id: doomed }] = await db.query<{ id: number }>(
      `insert into campanha (id_empresa, co_campanha, de_campanha, id_orgao) values (1, 'REL', 'Relatório', 1) returning id_campanha as id`,
    );
    await db.query('update ligacao set id_campanha = $2 where co_sip_call_id = $1', [callId, doomed]);
    expect((await get(`inicio=${D2}&fim=${D2}&ID_Campanha=${doomed}`)).body.data.totais.NU_Tentativas).toBe(1);
    await db.query('delete from campanha where id_campanha = $1', [doomed]);
    expect((await get(query)).body.data.totais).toEqual(closed.totais);
  });

  it('a proposal counts for the campaign it was typed from, and the roll-up always equals a rebuild from the rows', async () => {
    const db = demo.app.db;
    const [{ id: clientId }] = await db.query<{ id: number }>(
      'select id_cliente as id from cliente where id_empresa = 1 order by id_cliente limit 1',
    );
    await db.query(
      `insert into proposta (id_empresa, id_cliente, id_tipo_credito, id_banco, id_atendente, co_ade, dt_digitacao, nu_parcelas, vl_parcela,
                             vl_bruto, vl_liquido, id_campanha)
       values (1, $1, 1, 1, $2, 'REL-0002', $3, 84, 30.00, 2000.25, 1800.00, $4)`,
      [clientId, idOf(ANA), at(D2, '11:00:00'), campaignId],
    );
    expect((await get(`inicio=${D2}&fim=${D2}&ID_Campanha=${campaignId}`)).body.data.totais).toMatchObject({
      NU_Propostas: 1,
      VL_Propostas: '2000.25',
    });
    await db.query(`update proposta set vl_bruto = 2100.25 where co_ade = 'REL-0002'`);
    expect((await get(`inicio=${D2}&fim=${D2}&ID_Atendente=${idOf(ANA)}`)).body.data.totais.VL_Propostas).toBe('2100.25');

    const snapshot = () =>
      db.query(
        `select id_empresa, ts_hora, id_atendente, id_campanha, nu_identificador, sum(nu_tentativas)::int, sum(nu_atendidas)::int,
                round(sum(nu_segundos_falados), 3)::text, round(sum(nu_segundos_toque), 3)::text, sum(nu_curtas)::int,
                sum(nu_resultado_303 + nu_resultado_305)::int, sum(nu_propostas)::int, sum(vl_propostas)::text
           from relatorio_hora group by 1, 2, 3, 4, 5
         having sum(nu_tentativas) <> 0 or sum(nu_atendidas) <> 0 or sum(nu_recebidas) <> 0 or sum(nu_segundos_toque) <> 0
             or sum(nu_propostas) <> 0 or sum(nu_resultado_301 + nu_resultado_302 + nu_resultado_303 + nu_resultado_304 + nu_resultado_305 + nu_resultado_306) <> 0
          order by 1, 2, 3, 4, 5`,
      );
    const states = () =>
      db.query(
        `select id_pessoa, ts_hora, co_estado, id_motivo_pausa, round(sum(nu_segundos), 3)::text from relatorio_estado_hora
          group by 1, 2, 3, 4 having sum(nu_segundos) <> 0 order by 1, 2, 3, 4`,
      );
    const kept = { figures: await snapshot(), states: await states() };
    await db.query('select relatorio_refaz_tudo()');
    expect({ figures: await snapshot(), states: await states() }).toEqual(kept);
    expect(kept.figures.length).toBeGreaterThan(3);
  });
});

describe('GET /relatorios/periodo/csv', () => {
  it('is the table as CSV: BOM, semicolons, comma decimals, a Total row; roles as the report', async () => {
    expect((await demo.get(`/relatorios/periodo/csv?inicio=${D}&fim=${D1}`, ANA)).status).toBe(403);
    const response = await fetch(`${demo.app.url}/relatorios/periodo/csv?inicio=${D}&fim=${D1}`, {
      headers: { authorization: `Bearer ${demo.tokens[SUP]}` },
    });
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="relatorio-${D}-a-${D1}-dia.csv"`);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith('\uFEFFDia;Tentativas;Atendidas;Recebidas;Taxa de contato (%);')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe('11/06/2025;3;2;1;66,7;130;65;40;1;1;1000,50;50,0;54000;1800;0;0,2');
    expect(lines[3].startsWith('Total;4;3;1;75,0;134;45;42;2;1;1000,50;')).toBe(true);
    // Every export is audited: who, and the filters asked.
    const audited = await demo.app.db.query<{ actor: string; detail: { filtros: Record<string, unknown> } }>(
      `select p.em_email as actor, a.js_detalhe as detail from auditoria a join pessoa p using (id_pessoa)
        where a.tp_acao = 'relatorio.exportacao'`,
    );
    expect(audited).toEqual([{ actor: SUP, detail: { filtros: expect.objectContaining({ inicio: D, fim: D1 }) } }]);
  });
});
