import { hashPassword } from '../auth/password';
import {
  centsToDecimalText,
  grossFor,
  percentRate,
  privatePayrollMargin,
  saoPauloDate,
  toCents,
  type CalendarDate,
  type Rate,
} from '@consig/shared/credit';
import { makeCpf } from '@consig/shared/format';
import type { Db } from './db';
import { seedDemoRates } from './seedRates';
import {
  DEMO_CAMPAIGNS,
  DEMO_CLIENTS,
  DEMO_COMPANIES,
  DEMO_LEADS,
  DEMO_NUMBERS,
  DEMO_PROPOSALS,
  DEMO_QUEUE,
  DEMO_REFERRERS,
  DEMO_USERS,
  demoOperationAccount,
  demoRegistration,
  type DemoClient,
} from './demoData';
import { demoProspects, seedProspects } from './prospects';

/** Advisory lock key, so two instances starting on an empty server seed it once. */
const SEED_LOCK = 7_215_002;

const DAY_MS = 86_400_000;
/** Demo monthly rates per credit type, exact (percent texts), within the INSS caps in force. */
const MONTHLY_RATE: Record<number, Rate> = { 1: percentRate('1.80'), 2: percentRate('1.85'), 5: percentRate('3.40') };

/** Cents → the text PostgreSQL reads into numeric(14,2), so no binary float reaches the database. */
const money = centsToDecimalText;

/** One operation card per product the client's agency offers, with demo figures. */
function operationsOf(client: { agency: DemoClient['agency']; income: string | number; fgts?: true }, today: CalendarDate) {
  const base = toCents(client.income);
  // FGTS: figures arrive after the balance check (POST /crm/fgts/saldo). Three years: the most an anticipation
  // may have from 01/11/2026 (docs/rules.md "Rules in force").
  const fgts = { type: 4, bank: 336, term: 3, base: 0, margin: 0, card: 0, installment: 0, gross: 0 };
  if (client.agency === 4) {
    const margin = Math.round(base * 0.35);
    const gross = grossFor({ installment: margin, rate: MONTHLY_RATE[1], term: 84 });
    const inss = { type: 1, bank: 318, term: 84, base, margin, card: Math.round(base * 0.05), installment: margin, gross };
    return client.fgts ? [inss, fgts] : [inss];
  }
  // Private credit: 30% of income over 24 months, within the 35% margin of Lei 15.179/2025 on the gross salary
  // the seed gives the client (docs/rules.md "Private payroll credit (CCP)").
  const installment = Math.round(base * 0.3);
  const pay = { netSalary: null, grossSalary: base, mandatoryDiscounts: null, currentConsignedDiscounts: null };
  const { margin } = privatePayrollMargin(pay, today);
  return [
    fgts,
    { type: 5, bank: 341, term: 24, base, margin, card: 0, installment, gross: grossFor({ installment, rate: MONTHLY_RATE[5], term: 24 }) },
  ];
}

/** Inserts the demo data of demoData.ts when the database has no company yet. True when it seeded. */
export async function seedDemoData(db: Db, now = new Date()): Promise<boolean> {
  const [{ empty }] = await db.query<{ empty: boolean }>('select not exists (select 1 from empresa) as empty');
  if (!empty) return false;
  // scrypt is slow on purpose: hash before taking the lock, in parallel.
  const hashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password)));
  const today = saoPauloDate(now);
  const at = (daysAgo: number, minutesAgo = 0) => new Date(now.getTime() - daysAgo * DAY_MS - minutesAgo * 60_000).toISOString();

  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const [{ stillEmpty }] = await tx.query<{ stillEmpty: boolean }>('select not exists (select 1 from empresa) as "stillEmpty"');
    if (!stillEmpty) return false;

    const insertId = async (sql: string, params: unknown[]) => (await tx.query<{ id: number }>(sql, params))[0].id;

    for (const company of DEMO_COMPANIES) {
      await tx.query('insert into empresa (id_empresa, de_empresa) values ($1, $2)', [company.id, company.name]);
    }
    await seedDemoRates(tx);

    const people = new Map<string, number>();
    for (const [index, user] of DEMO_USERS.entries()) {
      const id = await insertId(
        `insert into pessoa (id_empresa, em_email, pw_senha, de_pessoa, id_funcao, sn_telefonia, nu_ramal)
         values ($1, $2, $3, $4, $5, $6, $7) returning id_pessoa as id`,
        [user.company, user.email, hashes[index], user.name, user.role, user.telephony, user.extension],
      );
      people.set(user.email, id);
    }

    const referrers = new Map<string, number>();
    for (const referrer of DEMO_REFERRERS) {
      const id = await insertId('insert into indicador (id_empresa, de_indicador) values ($1, $2) returning id_indicador as id', [
        referrer.company,
        referrer.name,
      ]);
      referrers.set(referrer.name, id);
    }

    const clients = new Map<string, { id: number; company: number; referrer: number | null }>();
    for (const [index, client] of DEMO_CLIENTS.entries()) {
      const referrer = client.referrer ? referrers.get(client.referrer)! : null;
      const cpf = makeCpf(client.cpfBase);
      const r = demoRegistration(client);
      const id = await insertId(
        `insert into cliente (id_empresa, co_cpf, de_pessoa, dt_nascimento, de_sexo, de_mae, em_email, id_orgao, id_indicador, ts_criacao,
           co_identidade, co_orgao_emissor, sg_uf_emissao, co_cep, de_endereco, de_numero, de_bairro, de_cidade, sg_estado,
           co_meio_pagamento, id_especie, co_matricula, dt_dib, dt_ddb, co_banco, co_agencia, co_conta_corrente,
           co_conta_corrente_dv, id_tipo_conta, vl_salario_bruto)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23,
           $24, $25, $26, $27, $28, $29, $30) returning id_cliente as id`,
        [
          client.company,
          cpf,
          client.name,
          client.birth,
          client.sex,
          client.mother,
          `cliente${index + 1}@exemplo.com.br`,
          client.agency,
          referrer,
          at(40),
          ...[r.identity, r.issuer, r.issuerState, r.cep, r.street, r.number, r.district, r.city, r.state],
          ...[r.paymentMethod, r.species, r.benefitNumber, r.dib, r.ddb, r.bank, r.branch, r.account, r.accountDigit],
          ...[r.accountType, r.grossSalary],
        ],
      );
      clients.set(client.cpfBase, { id, company: client.company, referrer });
      for (const phone of client.phones) {
        await tx.query('insert into telefone (id_empresa, id_cliente, co_ddd, co_telefone) values ($1, $2, $3, $4)', [
          client.company,
          id,
          phone.slice(0, 2),
          phone.slice(2),
        ]);
      }
      // The account the credit is paid into, on every card, so a proposal can be registered as it comes.
      const account = demoOperationAccount(client);
      for (const op of operationsOf(client, today)) {
        await tx.query(
          `insert into operacao (id_empresa, id_cliente, id_tipo_credito, id_banco, nu_parcelas, vl_base_calculo,
             vl_margem, vl_margem_cartao, vl_parcela, vl_bruto, vl_liquido, co_agencia, co_conta_corrente,
             co_conta_corrente_dv, id_tipo_conta)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12, $13, $14)`,
          [
            client.company,
            id,
            op.type,
            op.bank,
            op.term,
            money(op.base),
            money(op.margin),
            money(op.card),
            money(op.installment),
            money(op.gross),
            account.branch,
            account.account,
            account.accountDigit,
            account.accountType,
          ],
        );
      }
    }

    await seedProspects(tx);

    for (const [index, lead] of DEMO_LEADS.entries()) {
      const client = clients.get(lead.cpfBase)!;
      await tx.query(
        `insert into lead (id_empresa, id_cliente, id_atendente, id_tipo_credito, id_status, ts_criacao)
         values ($1, $2, $3, $4, $5, $6)`,
        [client.company, client.id, people.get(lead.attendant), lead.creditType, lead.status, at(lead.daysAgo, index)],
      );
    }

    const campaigns = new Map<string, number>();
    for (const campaign of DEMO_CAMPAIGNS) {
      const id = await insertId(
        `insert into campanha (id_empresa, co_campanha, de_campanha, id_orgao, id_status, id_status_importacao,
           nu_higienizados, nu_importados, ts_solicitacao, ts_baixa, ts_criacao)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id_campanha as id`,
        [
          campaign.company,
          campaign.code,
          campaign.name,
          campaign.agency,
          campaign.status,
          campaign.importStatus,
          campaign.sanitized,
          campaign.imported,
          campaign.requestedDaysAgo === null ? null : at(campaign.requestedDaysAgo),
          campaign.loadedDaysAgo === null ? null : at(campaign.loadedDaysAgo),
          at(campaign.createdDaysAgo),
        ],
      );
      campaigns.set(`${campaign.company}:${campaign.code}`, id);
      for (const link of campaign.attendants) {
        await tx.query('insert into campanha_atendente (id_empresa, id_campanha, id_atendente, sn_selecionado) values ($1, $2, $3, $4)', [
          campaign.company,
          id,
          people.get(link.email),
          link.selected,
        ]);
      }
    }

    for (const number of DEMO_NUMBERS) {
      const id = await insertId(
        `insert into numero_empresa (id_empresa, nu_numero, de_numero, sn_principal, sn_entrada)
         values ($1, $2, $3, $4, $5) returning id_numero as id`,
        [number.company, number.number, number.label, number.main, number.inbound],
      );
      for (const code of number.campaigns) {
        await tx.query('update campanha set id_numero_saida = $1 where id_empresa = $2 and id_campanha = $3', [
          id,
          number.company,
          campaigns.get(`${number.company}:${code}`),
        ]);
      }
    }

    // The running campaigns' queues (DEMO_QUEUE; docs/rules.md "Campaign queue"): the demo clients, then prospects made clients.
    const queued = [...clients.values()].map(({ id, company }) => ({ id, company }));
    const prospects = demoProspects().slice(-DEMO_QUEUE.prospects);
    const recentGrants = prospects.filter((p) => p.agency === 4).slice(0, DEMO_QUEUE.recentGrantDaysAgo.length);
    const suppressed = prospects.find((p) => p.phones.length === 1 && !recentGrants.includes(p))!;
    for (const [index, prospect] of prospects.entries()) {
      const grantDaysAgo = DEMO_QUEUE.recentGrantDaysAgo[recentGrants.indexOf(prospect)];
      // Outside the chosen few, every benefit is older than the 180-day ban (the base's DDBs run to late 2026).
      const days = grantDaysAgo ?? (prospect.ddb && prospect.ddb > at(200).slice(0, 10) ? 200 : undefined);
      const ddb = days === undefined ? prospect.ddb : at(days).slice(0, 10);
      const dib = days === undefined ? prospect.dib : at(days + 20).slice(0, 10);
      const id = await insertId(
        `insert into cliente (id_empresa, co_cpf, de_pessoa, dt_nascimento, de_sexo, de_mae, em_email, id_orgao, sg_estado,
           id_especie, co_matricula, dt_dib, dt_ddb, vl_salario_bruto, ts_criacao)
         values (1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning id_cliente as id`,
        [
          prospect.cpf,
          prospect.name,
          prospect.birth,
          prospect.sex,
          prospect.mother,
          `fila${index + 1}@exemplo.com.br`,
          prospect.agency,
          prospect.state,
          prospect.species,
          prospect.benefitNumber,
          dib,
          ddb,
          prospect.income,
          at(19),
        ],
      );
      queued.push({ id, company: 1 });
      for (const phone of prospect.phones) {
        await tx.query('insert into telefone (id_empresa, id_cliente, co_ddd, co_telefone) values (1, $1, $2, $3)', [
          id,
          phone.slice(0, 2),
          phone.slice(2),
        ]);
      }
      for (const op of operationsOf({ agency: prospect.agency, income: prospect.income }, today)) {
        await tx.query(
          `insert into operacao (id_empresa, id_cliente, id_tipo_credito, id_banco, nu_parcelas, vl_base_calculo,
             vl_margem, vl_margem_cartao, vl_parcela, vl_bruto, vl_liquido)
           values (1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
          [id, op.type, op.bank, op.term, money(op.base), money(op.margin), money(op.card), money(op.installment), money(op.gross)],
        );
      }
    }
    await tx.query("insert into nao_perturbe (id_empresa, co_telefone, de_origem) values (1, $1, 'Não Me Perturbe')", [
      suppressed.phones[0],
    ]);
    // Always open, over the default days and hours (DEFAULT_WINDOW of src/queue/callingRules.ts: Mon–Fri
    // 08:00–18:00): what 'Horários' shows, and what applies once the override is switched off.
    for (const company of DEMO_QUEUE.alwaysOpenCompanies) {
      await tx.query('insert into janela_ligacao (id_empresa, sn_sempre_aberta) values ($1, 1)', [company]);
      await tx.query(
        `insert into janela_ligacao_dia (id_empresa, nu_dia_semana, hr_inicio, hr_fim)
         select $1, d, '08:00', '18:00' from generate_series(1, 5) d`,
        [company],
      );
    }
    // Oldest first is the queue's order: one second apart, in the order above.
    for (const [index, client] of queued.entries()) {
      await tx.query('insert into fila (id_empresa, id_campanha, id_cliente, ts_disponivel, ts_criacao) values ($1, $2, $3, $4, $4)', [
        client.company,
        campaigns.get(`${client.company}:${DEMO_QUEUE.campaignCode}`),
        client.id,
        new Date(Date.parse(at(19)) + index * 1000).toISOString(),
      ]);
    }

    for (const [index, proposal] of DEMO_PROPOSALS.entries()) {
      const client = clients.get(proposal.cpfBase)!;
      // FGTS anticipations have no instalment: demo gross of R$ 300 per anticipated year, 20% discounted.
      const gross =
        proposal.installment > 0
          ? grossFor({ installment: toCents(proposal.installment), rate: MONTHLY_RATE[proposal.creditType], term: proposal.term })
          : proposal.term * 30_000;
      const net = proposal.installment > 0 ? gross : Math.round(gross * 0.8);
      await tx.query(
        `insert into proposta (id_empresa, id_cliente, id_tipo_credito, id_banco, id_atendente, id_indicador, id_status,
           co_ade, dt_digitacao, de_tabela, nu_parcelas, vl_parcela, vl_bruto, vl_liquido, sn_api)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        [
          client.company,
          client.id,
          proposal.creditType,
          proposal.bank,
          people.get(proposal.attendant),
          client.referrer,
          proposal.status,
          String(90_000_001 + index),
          at(proposal.daysAgo, index * 7),
          proposal.table,
          proposal.term,
          money(toCents(proposal.installment)),
          money(gross),
          money(net),
          proposal.api ?? 0,
        ],
      );
    }
    return true;
  });
}
