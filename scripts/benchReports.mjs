#!/usr/bin/env node
// `npm run bench:reports`: prints how long the period reports take (never asserted in tests). On a throwaway
// PostgreSQL database (127.0.0.1:5432) and one API process, BENCH_ATTENDANTS (default 100) attendants get a year
// of calls written by SQL (working days, a call every 3 minutes from 09:00 for 8 hours, half answered with 90 s of
// talk; ~4.2 M calls for 100), an outcome for every answered call and a day's state history each; then the
// supervisor asks GET /relatorios/periodo over HTTP for a day by hour, a month by day and a year by day and by hour
// (BENCH_REPEAT, default 3, each; p50 and max). Reference in the same run: the same year as one plain SQL count of
// the calls, what reading the raw rows would cost at the least. Last, what the roll-ups' triggers (migration 020)
// cost a call's writes, against the same writes with them disabled. Everything stays on the loopback; it stops by
// itself.
import { performance } from 'node:perf_hooks';
import { freePort, ms, percentile, withClient, withThrowawayDatabase, UNBOUNDED_BUDGETS } from './benchLib.mjs';
import { step, tooling } from './lib.mjs';

const ATTENDANTS = Number(process.env.BENCH_ATTENDANTS || 100);
const REPEAT = Number(process.env.BENCH_REPEAT || 3);
const SUPERVISOR = 'supervisor@demo.com.br';
const TEMPLATE_ATTENDANT = 'atendente3@demo.com.br';

const { startApi } = tooling();

const day = (date) => date.toISOString().slice(0, 10);
const today = new Date();
const yearAgo = new Date(today.getTime() - 364 * 86_400_000);
const monthAgo = new Date(today.getTime() - 30 * 86_400_000);
const weekAgo = new Date(today.getTime() - 7 * 86_400_000);

/** A year of work for ATTENDANTS new attendants, ending yesterday (São Paulo days, Monday to Friday). */
async function seed(client) {
  await client.query(
    `insert into pessoa (id_empresa, em_email, pw_senha, de_pessoa, id_funcao, sn_telefonia)
     select 1, 'relatorio' || g || '@bench.br', t.pw_senha, 'Atendente Relatório ' || g, 11, 0
       from generate_series(1, $1) g, (select pw_senha from pessoa where em_email = $2) t`,
    [ATTENDANTS, TEMPLATE_ATTENDANT],
  );
  const {
    rows: [{ id: clientId }],
  } = await client.query('select id_cliente as id from cliente where id_empresa = 1 order by id_cliente limit 1');
  /** The year's days from the parameter `$n` (its first day). */
  const days = (n) => `generate_series(0, 364) d, lateral (select ($${n}::date + d) as dia) x`;
  const workers = 'pessoa p';
  const working = "p.em_email like 'relatorio%@bench.br' and extract(isodow from dia) < 6";
  await client.query(
    `insert into ligacao (id_empresa, co_sip_call_id, co_direcao, id_atendente, id_cliente, nu_origem, nu_destino, nu_identificador,
                          ts_inicio, ts_atendimento, ts_fim, co_situacao, co_encerramento, co_sip)
     select 1, 'rel-' || p.id_pessoa || '-' || d || '-' || k, 'saida', p.id_pessoa, $1, '1', '11987654321', '1130030303',
            s, case when k % 2 = 0 then s + interval '8 s' end, s + case when k % 2 = 0 then interval '98 s' else interval '25 s' end,
            'encerrada', 'chamado', case when k % 2 = 0 then 200 else 480 end
       from ${workers}, ${days(2)}, generate_series(0, 159) k,
            lateral (select dia::timestamp at time zone 'America/Sao_Paulo' + interval '9 hours' + k * interval '3 minutes' as s) y
      where ${working}`,
    [clientId, day(yearAgo)],
  );
  await client.query(
    `insert into historico_atendimento (id_empresa, id_atendente, id_status, ts_registro)
     select 1, l.id_atendente, 303 + (l.id_ligacao % 3), l.ts_fim + interval '10 s' from ligacao l where l.co_sip_call_id like 'rel-%' and l.co_sip = 200`,
  );
  await client.query(
    `insert into atendente_estado_historico (id_empresa, id_pessoa, co_estado, id_motivo_pausa, ts_inicio, ts_fim)
     select 1, p.id_pessoa, e.estado, e.motivo, dia::timestamp at time zone 'America/Sao_Paulo' + e.de, dia::timestamp at time zone 'America/Sao_Paulo' + e.ate
       from ${workers}, ${days(1)},
            (values ('disponivel', null::int, interval '9 h', interval '12 h'), ('pausa', 202, interval '12 h', interval '13 h'),
                    ('disponivel', null, interval '13 h', interval '17 h')) e (estado, motivo, de, ate)
      where ${working}`,
    [day(yearAgo)],
  );
  await client.query('vacuum analyze');
  const {
    rows: [{ calls, states }],
  } = await client.query(
    'select (select count(*)::int from ligacao) as calls, (select count(*)::int from atendente_estado_historico) as states',
  );
  return { calls, states };
}

async function timed(label, fn) {
  const times = [];
  for (let index = 0; index < REPEAT; index += 1) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`  ${label.padEnd(34)} p50 ${ms(percentile(times, 50)).padStart(10)}  máx ${ms(times.at(-1)).padStart(10)}`);
  return percentile(times, 50);
}

const ROLLUP_TRIGGERS = ['relatorio_hora_insercao', 'relatorio_hora_alteracao'];

/**
 * What the roll-ups cost the writers: WRITE_CALLS calls' lives (insert ringing, answered, ended: Kamailio's three
 * events, one statement each, as the API writes them) with the roll-up triggers, then with them disabled on this
 * throwaway database, in the same connection.
 */
async function writeCost(client) {
  const WRITE_CALLS = 300;
  const { rows } = await client.query(`select id_pessoa as id from pessoa where em_email like 'relatorio%@bench.br' limit 1`);
  const lives = async (tag) => {
    const started = performance.now();
    for (let index = 0; index < WRITE_CALLS; index += 1) {
      const callId = `escrita-${tag}-${index}`;
      await client.query(
        `insert into ligacao (id_empresa, co_sip_call_id, co_direcao, id_atendente, nu_origem, nu_destino, nu_identificador)
         values (1, $1, 'saida', $2, '1', '11987654321', '1130030303')`,
        [callId, rows[0].id],
      );
      await client.query(`update ligacao set ts_atendimento = now(), co_situacao = 'em_curso' where co_sip_call_id = $1`, [callId]);
      await client.query(
        `update ligacao set ts_fim = now(), co_situacao = 'encerrada', co_encerramento = 'chamador', co_sip = 200 where co_sip_call_id = $1`,
        [callId],
      );
    }
    return (performance.now() - started) / WRITE_CALLS;
  };
  const withRollups = await lives('com');
  await client.query(`alter table ligacao ${ROLLUP_TRIGGERS.map((name) => `disable trigger ${name}`).join(', ')}`);
  const without = await lives('sem');
  await client.query(`alter table ligacao ${ROLLUP_TRIGGERS.map((name) => `enable trigger ${name}`).join(', ')}`);
  console.log(
    `  escrita de uma ligação (3 comandos): ${ms(withRollups)} com os gatilhos do resumo, ${ms(without)} sem (${(withRollups / without).toFixed(2)}×)`,
  );
}

async function main() {
  step(`Relatórios no PostgreSQL: um ano de ${ATTENDANTS} atendentes, pedidos pela API (${REPEAT} vezes cada)`);
  await withThrowawayDatabase('consig_relatorios', async (url, name) => {
    const port = await freePort();
    const env = {
      DATABASE_URL: url,
      API_HOST: '127.0.0.1',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'silent',
      PROSPECT_BASE_ROWS: '4000',
      ...UNBOUNDED_BUDGETS,
    };
    const api = await startApi({ port, env, stdio: ['ignore', 'ignore', 'inherit'] });
    try {
      const apiUrl = `http://127.0.0.1:${port}`;
      const started = performance.now();
      const { calls, states } = await withClient(url, seed);
      console.log(
        `  banco ${name}: ${calls} ligações e ${states} estados escritos em ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      const signedIn = await fetch(`${apiUrl}/lnk/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ EM_Email: SUPERVISOR, PW_Senha: 'Supervisor@123' }),
      });
      const { token } = await signedIn.json();
      if (!token) throw new Error(`entrada de ${SUPERVISOR}: ${signedIn.status}`);
      const report = async (query) => {
        const response = await fetch(`${apiUrl}/relatorios/periodo?${query}`, { headers: { authorization: `Bearer ${token}` } });
        if (response.status !== 200) throw new Error(`GET /relatorios/periodo?${query}: ${response.status} ${await response.text()}`);
        await response.json();
      };
      const floor = await timed('um ano: contagem SQL das ligações', () =>
        withClient(url, (client) =>
          client.query('select count(*) from ligacao where id_empresa = 1 and ts_inicio >= $1', [yearAgo.toISOString()]),
        ),
      );
      await timed('um dia, por hora', () => report(`inicio=${day(weekAgo)}&fim=${day(weekAgo)}&agrupar=hora`));
      await timed('um mês, por dia', () => report(`inicio=${day(monthAgo)}&fim=${day(today)}`));
      const year = await timed('um ano, por dia', () => report(`inicio=${day(yearAgo)}&fim=${day(today)}`));
      await timed('um ano, por hora do dia', () => report(`inicio=${day(yearAgo)}&fim=${day(today)}&agrupar=hora`));
      console.log(`  um ano por dia / contagem SQL do ano: ${(year / floor).toFixed(1)}×`);
      await withClient(url, writeCost);
    } finally {
      await api.stop();
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
