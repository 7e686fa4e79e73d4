import { CREDIT_TYPE, type Client, type ClientForm, type Phone } from '@consig/shared/contracts';
import { centsToDecimalText, privatePayrollMargin, type CalendarDate } from '@consig/shared/credit';
import { parseDate } from '@consig/shared/format';
import type { CompanyScope } from '../auth/scope';
import { openingCards, workerPayOf, type OpeningCard } from './openingCards';

/** A date column as the contract writes it: 'dd/mm/yyyy', '' when absent. */
const day = (column: string) => `coalesce(to_char(c.${column}, 'DD/MM/YYYY'), '')`;
/** A money column as its numeric(14,2) text ('2850.00'), null when unknown; same text on both databases. */
const money = (column: string) => `c.${column}::text`;
const textOf = (column: string) => `coalesce(c.${column}, '')`;

/** The contract's `cliente` (shared/src/contracts/client.ts) from `cliente c`, one alias per field. */
const CLIENT_COLUMNS = `
  c.id_cliente as "ClienteID", c.de_pessoa as "DE_Pessoa", c.co_cpf as "CO_CPF",
  substr(c.co_cpf, 1, 3) || '.' || substr(c.co_cpf, 4, 3) || '.' || substr(c.co_cpf, 7, 3) || '-' || substr(c.co_cpf, 10, 2) as "DE_CPF",
  ${day('dt_nascimento')} as "DE_Nascimento", ${textOf('de_mae')} as "DE_Mae", ${textOf('de_sexo')} as "DE_Sexo",
  ${textOf('em_email')} as "EM_Email",
  coalesce((select t.co_ddd || t.co_telefone from telefone t
             where t.id_empresa = c.id_empresa and t.id_cliente = c.id_cliente order by t.id_telefone limit 1), '') as "DE_Telefone",
  ${textOf('co_identidade')} as "CO_Identidade", ${day('dt_expedicao')} as "DE_DataExpedicao",
  ${textOf('co_orgao_emissor')} as "CO_OrgaoEmissor", ${textOf('sg_uf_emissao')} as "SG_UFEmissao",
  ${textOf('de_naturalidade')} as "DE_Naturalidade",
  ${day('dt_admissao')} as "DT_Admissao", ${textOf('co_cnpj')} as "CO_CNPJ",
  ${money('vl_salario_bruto')} as "VL_SalarioBruto", ${money('vl_salario_liquido')} as "VL_SalarioLiquido",
  ${textOf('co_cep')} as "CO_Cep", ${textOf('de_endereco')} as "DE_Endereco", ${textOf('de_numero')} as "DE_Numero",
  ${textOf('de_complemento')} as "DE_Complemento", ${textOf('de_bairro')} as "DE_Bairro", ${textOf('de_cidade')} as "DE_Cidade",
  ${textOf('sg_estado')} as "SG_Estado",
  ${textOf('de_nome_referencia')} as "DE_NomeReferencia", ${textOf('de_telefone_referencia')} as "DE_TelefoneReferencia",
  c.co_meio_pagamento::int as "Meio_Pagamento", c.id_tipo_beneficio as "ID_TipoBeneficio",
  ${textOf('co_matricula_beneficio')} as "CO_MatriculaBeneficio", ${textOf('co_matricula')} as "CO_Matricula",
  c.sn_bloqueio::int as "SN_Bloqueio", ${day('dt_dib')} as "DT_DIB", ${day('dt_ddb')} as "DT_DDB",
  c.id_especie as "ID_Especie", c.sn_representante_legal::int as "SN_RepresentanteLegal",
  ${money('vl_desconto_outro_banco')} as "VL_DescontoOutroBanco", ${money('vl_desconto_obrigatorio')} as "VL_DescontoObrigatorio",
  ${money('vl_desconto_voluntario')} as "VL_DescontoVoluntario",
  c.id_orgao as "ID_Orgao",
  c.co_banco as "CO_Banco", ${textOf('co_agencia')} as "CO_Agencia", ${textOf('co_agencia_dv')} as "CO_AgenciaDV",
  ${textOf('co_conta_corrente')} as "CO_ContaCorrente", ${textOf('co_conta_corrente_dv')} as "CO_ContaCorrenteDV",
  c.id_tipo_conta::int as "ID_TipoConta",
  (select k.de_campanha from fila f join campanha k on k.id_empresa = f.id_empresa and k.id_campanha = f.id_campanha
    where f.id_empresa = c.id_empresa and f.id_cliente = c.id_cliente and f.co_estado = 'em_atendimento') as "DE_Campanha"`;

/** 'dd/mm/yyyy' (or with - or .) of the form as an ISO day for the database; null when empty. */
function isoDay(value: string): string | null {
  const date = parseDate(value);
  if (!date) return null;
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}
const orNull = (value: string | null | undefined) => (value ? value : null);

/** What saving the form did: saved, the client is not this company's, or a code names no row of its list. */
export type UpdateClientResult =
  { saved: true } | { saved: false; reason: 'clientNotFound' } | { saved: false; reason: 'unknownCode'; field: string };

/** What adding a phone did: the client is not this company's, or already had that number. */
export type AddPhoneResult = 'added' | 'duplicate' | 'clientNotFound';

/** Clients and their phones, always within the bound company (pattern: src/attendant/attendant.repository.ts). */
export function createClientsRepository({ db, companyId }: CompanyScope) {
  async function exists(clientId: number): Promise<boolean> {
    const rows = await db.query('select 1 from cliente where id_empresa = $1 and id_cliente = $2', [companyId, clientId]);
    return rows.length > 0;
  }

  async function one(where: string, value: number | string): Promise<Client | undefined> {
    const rows = await db.query<Client>(`select ${CLIENT_COLUMNS} from cliente c where c.id_empresa = $1 and ${where} = $2`, [
      companyId,
      value,
    ]);
    return rows[0];
  }

  return {
    /** Whether the client is this company's. */
    exists,

    /** The client's record; undefined when the client is not this company's. */
    byId: (clientId: number) => one('c.id_cliente', clientId),

    /**
     * This company's client with that CPF, created when there is none ('Novo Cliente', product-spec §2),
     * prefilled from the prospect base (table prospecto) when the CPF is there, phones included.
     * Race-safe: `on conflict do nothing` meets the unique (id_empresa, co_cpf), so two simultaneous
     * lookups of one new CPF create one client and both answer it. The insert and its phones commit together.
     * Without a prospect the name stays '' for the attendant to type: a placeholder would pass for a real
     * name on leads and proposals, and the form's name rule (no digits) would refuse a masked CPF in it.
     * `today` (São Paulo) prices the new client's opening cards.
     */
    async byCpfOrNew(cpf: string, today: CalendarDate): Promise<{ cliente: Client; created: boolean }> {
      return db.transaction(async (tx) => {
        const scoped = createClientsRepository({ db: tx, companyId });
        const inserted = await tx.query<{ id: number }>(
          `insert into cliente (id_empresa, co_cpf, de_pessoa, dt_nascimento, de_sexo, de_mae, id_orgao, id_especie,
             co_matricula, dt_dib, dt_ddb, vl_salario_bruto, sg_estado)
           select $1, $2, coalesce(p.de_pessoa, ''), p.dt_nascimento, p.de_sexo, p.de_mae, p.id_orgao, p.id_especie,
                  p.co_matricula, p.dt_dib, p.dt_ddb, p.vl_renda, p.sg_estado
             from (select 1) as one left join prospecto p on p.co_cpf = $2
           on conflict (id_empresa, co_cpf) do nothing
           returning id_cliente as id`,
          [companyId, cpf],
        );
        if (inserted.length > 0) {
          await tx.query(
            `insert into telefone (id_empresa, id_cliente, co_ddd, co_telefone)
             select $1, $2, substr(phone, 1, 2), substr(phone, 3)
               from prospecto p, unnest(p.de_telefones) with ordinality as t(phone, n)
              where p.co_cpf = $3 order by n
             on conflict (id_cliente, co_ddd, co_telefone) do nothing`,
            [companyId, inserted[0].id, cpf],
          );
        }
        const client = (await scoped.byCpf(cpf))!;
        // A new client gets the operation cards of its agency, so its credit can be simulated once the data each
        // needs is there (docs/rules.md "Clients and lookups").
        if (inserted.length > 0) await scoped.openCards(client.ClienteID, openingCards(client, today));
        return { cliente: client, created: inserted.length > 0 };
      });
    },

    /**
     * 'Novo Cliente' asking first (GET /crm/cliente/basico/{cpf}?cadastrar=0): the company's client with that CPF, or one made at once from
     * the prospect base when the CPF is there (a base knows it); undefined when no base knows the CPF, and then
     * nothing is written.
     */
    async byCpfIfKnown(cpf: string, today: CalendarDate): Promise<{ cliente: Client; created: boolean } | undefined> {
      const own = await createClientsRepository({ db, companyId }).byCpf(cpf);
      if (own) return { cliente: own, created: false };
      const prospect = await db.query('select 1 from prospecto where co_cpf = $1', [cpf]);
      if (prospect.length === 0) return undefined;
      return createClientsRepository({ db, companyId }).byCpfOrNew(cpf, today);
    },

    /** Inserts a new client's operation cards; run inside the transaction that created the client. */
    async openCards(clientId: number, cards: readonly OpeningCard[]): Promise<void> {
      for (const card of cards) {
        await db.query(
          `insert into operacao (id_empresa, id_cliente, id_tipo_credito, id_banco, nu_parcelas, vl_base_calculo, vl_margem,
             vl_margem_cartao, vl_parcela)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            companyId,
            clientId,
            card.creditType,
            card.bank,
            card.term,
            ...[card.base, card.margin, card.cardMargin, card.installment].map(centsToDecimalText),
          ],
        );
      }
    },

    /**
     * Keeps the client's private payroll (CCP) cards on its pay: VL_BaseCalculo the available remuneration, VL_Margem
     * 35% of it less the current consigned installments (Lei 15.179/2025, @consig/shared/credit privatePayroll.ts).
     * Called by `update`, so every save of the form (PUT /crm/cliente, a proposal, a recalculation) keeps them so.
     */
    async syncPrivatePayrollCards(clientId: number, form: ClientForm, today: CalendarDate): Promise<void> {
      const { base, margin } = privatePayrollMargin(workerPayOf(form), today);
      await db.query(
        // A card never offered yet (installment 0: a new client without a salary) starts at the whole margin, the
        // best offer, as a new client's cards do (openingCards.ts); an offered installment stays the attendant's.
        `update operacao set vl_base_calculo = $3, vl_margem = $4, vl_parcela = case when vl_parcela = 0 then $4 else vl_parcela end
          where id_empresa = $1 and id_cliente = $2 and id_tipo_credito = $5`,
        [companyId, clientId, centsToDecimalText(base), centsToDecimalText(margin), CREDIT_TYPE.CCP],
      );
    },

    /**
     * Saves the client form (validated by @consig/shared/contracts clientFormFull) on this company's client.
     * The CPF is the client's identity and is not changed here. Codes from lists (bank, species, agency) are
     * checked first, so a wrong one is a field error instead of a failed foreign key. DE_Telefone joins the
     * client's phones when it is not one of them yet. Use on a transaction's `tx` to commit with other writes.
     */
    async update(clientId: number, form: ClientForm, today: CalendarDate): Promise<UpdateClientResult> {
      const codes: [field: string, table: string, value: number | null | undefined][] = [
        ['CO_Banco', 'select 1 from banco where id_banco = $1', form.CO_Banco],
        ['ID_Especie', 'select 1 from especie where id_especie = $1', form.ID_Especie],
        ['ID_Orgao', 'select 1 from orgao where id_orgao = $1', form.ID_Orgao],
      ];
      for (const [field, sql, value] of codes) {
        if (value != null && (await db.query(sql, [value])).length === 0) return { saved: false, reason: 'unknownCode', field };
      }
      const uf = (value: string | undefined) => orNull(value?.toUpperCase());
      const updated = await db.query(
        `update cliente set de_pessoa = $3, dt_nascimento = $4, de_mae = $5, de_sexo = $6, em_email = $7,
                co_identidade = $8, dt_expedicao = $9, co_orgao_emissor = $10, sg_uf_emissao = $11, de_naturalidade = $12,
                dt_admissao = $13, co_cnpj = $14, vl_salario_bruto = $15, vl_salario_liquido = $16,
                co_cep = $17, de_endereco = $18, de_numero = $19, de_complemento = $20, de_bairro = $21, de_cidade = $22,
                sg_estado = $23, de_nome_referencia = $24, de_telefone_referencia = $25,
                co_meio_pagamento = $26, id_tipo_beneficio = $27, co_matricula_beneficio = $28, co_matricula = $29,
                sn_bloqueio = $30, dt_dib = $31, dt_ddb = $32, id_especie = $33, sn_representante_legal = $34,
                vl_desconto_outro_banco = $35, vl_desconto_obrigatorio = $36, vl_desconto_voluntario = $37, id_orgao = $38,
                co_banco = $39, co_agencia = $40, co_agencia_dv = $41, co_conta_corrente = $42, co_conta_corrente_dv = $43,
                id_tipo_conta = $44
          where id_empresa = $1 and id_cliente = $2
          returning id_cliente`,
        [
          companyId,
          clientId,
          form.DE_Pessoa.trim(),
          isoDay(form.DE_Nascimento ?? ''),
          orNull(form.DE_Mae),
          orNull(form.DE_Sexo),
          orNull(form.EM_Email),
          orNull(form.CO_Identidade),
          isoDay(form.DE_DataExpedicao ?? ''),
          orNull(form.CO_OrgaoEmissor),
          uf(form.SG_UFEmissao),
          orNull(form.DE_Naturalidade),
          isoDay(form.DT_Admissao ?? ''),
          orNull(form.CO_CNPJ),
          form.VL_SalarioBruto ?? null,
          form.VL_SalarioLiquido ?? null,
          orNull(form.CO_Cep?.replace('-', '')),
          orNull(form.DE_Endereco),
          orNull(form.DE_Numero),
          orNull(form.DE_Complemento),
          orNull(form.DE_Bairro),
          orNull(form.DE_Cidade),
          uf(form.SG_Estado),
          orNull(form.DE_NomeReferencia),
          orNull(form.DE_TelefoneReferencia),
          form.Meio_Pagamento ?? null,
          form.ID_TipoBeneficio ?? null,
          orNull(form.CO_MatriculaBeneficio),
          orNull(form.CO_Matricula),
          form.SN_Bloqueio ?? 0,
          isoDay(form.DT_DIB ?? ''),
          isoDay(form.DT_DDB ?? ''),
          form.ID_Especie ?? null,
          form.SN_RepresentanteLegal ?? 0,
          form.VL_DescontoOutroBanco ?? null,
          form.VL_DescontoObrigatorio ?? null,
          form.VL_DescontoVoluntario ?? null,
          form.ID_Orgao ?? null,
          form.CO_Banco ?? null,
          orNull(form.CO_Agencia),
          orNull(form.CO_AgenciaDV),
          orNull(form.CO_ContaCorrente),
          orNull(form.CO_ContaCorrenteDV),
          form.ID_TipoConta ?? null,
        ],
      );
      if (updated.length === 0) return { saved: false, reason: 'clientNotFound' };
      const scoped = createClientsRepository({ db, companyId });
      await scoped.addPhone(clientId, form.DE_Telefone.slice(0, 2), form.DE_Telefone.slice(2));
      await scoped.syncPrivatePayrollCards(clientId, form, today);
      return { saved: true };
    },

    /** This company's client with that CPF (11 digits), if any. */
    byCpf: (cpf: string) => one('c.co_cpf', cpf),

    /** The client's phones in the order they were added; undefined when the client is not this company's. */
    async phonesOf(clientId: number): Promise<Phone[] | undefined> {
      if (!(await exists(clientId))) return undefined;
      return db.query<Phone>(
        `select id_telefone as "TelefoneID", co_ddd || co_telefone as "DE_Telefone",
                co_ddd as "CO_DDD", co_telefone as "CO_Telefone"
           from telefone where id_empresa = $1 and id_cliente = $2
          order by id_telefone`,
        [companyId, clientId],
      );
    },

    /**
     * Adds `ddd` + `number` to the client. One statement decides: the insert selects the client within
     * this company (no row, nothing written) and `on conflict do nothing` meets the table's unique
     * (id_cliente, co_ddd, co_telefone) even when two requests race, instead of failing with 23505.
     * The same statement gives the client the company's calls with that number no client had yet (an unknown
     * caller the attendant has just registered: docs/rules.md "Calls"), so they show in its 'Ligações'.
     */
    async addPhone(clientId: number, ddd: string, number: string): Promise<AddPhoneResult> {
      const inserted = await db.query(
        `with added as (
           insert into telefone (id_empresa, id_cliente, co_ddd, co_telefone)
           select id_empresa, id_cliente, $3, $4 from cliente where id_empresa = $1 and id_cliente = $2
           on conflict (id_cliente, co_ddd, co_telefone) do nothing
           returning id_telefone, id_cliente
         ), linked as (
           update ligacao l set id_cliente = added.id_cliente from added
            where l.id_empresa = $1 and l.id_cliente is null and l.co_direcao <> 'interna'
              and (l.nu_origem = $3 || $4 or l.nu_destino = $3 || $4)
           returning 1
         )
         select id_telefone from added`,
        [companyId, clientId, ddd, number],
      );
      if (inserted.length > 0) return 'added';
      return (await exists(clientId)) ? 'duplicate' : 'clientNotFound';
    },
  };
}
