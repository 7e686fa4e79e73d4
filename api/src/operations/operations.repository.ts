/** SQL of the operations feature. Pattern (a factory bound to the caller's company): attendant.repository.ts. */
import { toCents, type CalendarDate, type Cents } from '@consig/shared/credit';
import type { CompanyScope } from '../auth/scope';
import { offerParams, type OfferFigures } from './offer';

/** An operation as stored, money in cents, with the company's rate in force for its type and bank. */
export interface StoredOperation {
  OperacaoID: number;
  ID_Cliente: number;
  ID_TipoCredito: number;
  SN_Selecionado: number;
  NU_Parcelas: number;
  CO_Banco: string | null;
  DE_Banco: string | null;
  /** The account of the card (migration 009), digits; null while not typed. */
  CO_Agencia: string | null;
  CO_AgenciaDV: string | null;
  CO_ContaCorrente: string | null;
  CO_ContaCorrenteDV: string | null;
  ID_TipoConta: number | null;
  parcela: Cents;
  bruto: Cents;
  liquido: Cents;
  saldoDevedor: Cents;
  baseCalculo: Cents;
  margem: Cents;
  margemCartao: Cents;
  /** Percent text of the rate in force on the day asked, or null when the company has none. */
  taxa: string | null;
  /** The proposal in progress on the operation, or null. */
  proposta: ProposalInProgress | null;
}

/** A proposal typed for an operation and not finished: any status but 60 Paga, 90 Cancelada and 91 Reprovada. */
export interface ProposalInProgress {
  PropostaID: number;
  CO_ADE: string;
  ID_Status: number;
  DE_Status: string;
}

type Row = Omit<StoredOperation, 'parcela' | 'bruto' | 'liquido' | 'saldoDevedor' | 'baseCalculo' | 'margem' | 'margemCartao'> &
  Record<'parcela' | 'bruto' | 'liquido' | 'saldoDevedor' | 'baseCalculo' | 'margem' | 'margemCartao', string>;

/** Where a proposal is finished (docs/rules.md "Proposal status by role"): the operation may be typed again. */
const FINISHED_PROPOSAL_STATUSES = '60, 90, 91';

// Money leaves the database as text and becomes cents exactly (never a float). The rate in force: the
// latest row on or before the day ($2), the operation's bank before any bank (migration 007). The proposal:
// the operation's newest one in progress (docs/rules.md "Proposals and tickets"), of the same company (proposta's foreign key to
// operacao is (id_empresa, id_operacao), so it can never be another company's row).
const SELECT = `
  select o.id_operacao as "OperacaoID", o.id_cliente as "ID_Cliente", o.id_tipo_credito as "ID_TipoCredito",
         o.sn_selecionado as "SN_Selecionado", o.nu_parcelas as "NU_Parcelas",
         lpad(o.id_banco::text, 3, '0') as "CO_Banco", b.de_banco as "DE_Banco",
         o.co_agencia as "CO_Agencia", o.co_agencia_dv as "CO_AgenciaDV", o.co_conta_corrente as "CO_ContaCorrente",
         o.co_conta_corrente_dv as "CO_ContaCorrenteDV", o.id_tipo_conta::int as "ID_TipoConta",
         o.vl_parcela::text as parcela, o.vl_bruto::text as bruto, o.vl_liquido::text as liquido,
         o.vl_saldo_devedor::text as "saldoDevedor", o.vl_base_calculo::text as "baseCalculo",
         o.vl_margem::text as margem, o.vl_margem_cartao::text as "margemCartao",
         (select t.vl_taxa_mensal::text from taxa t
           where t.id_empresa = o.id_empresa and t.id_tipo_credito = o.id_tipo_credito
             and (t.id_banco = o.id_banco or t.id_banco is null) and t.dt_vigencia <= $2::date
           order by (t.id_banco is null), t.dt_vigencia desc
           limit 1) as taxa,
         (select json_build_object('PropostaID', p.id_proposta, 'CO_ADE', p.co_ade, 'ID_Status', p.id_status, 'DE_Status', sp.de_status)
            from proposta p join status_proposta sp on sp.id_status = p.id_status
           where p.id_empresa = o.id_empresa and p.id_operacao = o.id_operacao and p.id_status not in (${FINISHED_PROPOSAL_STATUSES})
           order by p.id_proposta desc
           limit 1) as proposta
    from operacao o left join banco b on b.id_banco = o.id_banco
   where o.id_empresa = $1`;

/** The card's bank fields as a request carries them (atualizaOperacaoRequest's output): digit texts, '' or null to clear. */
export interface AccountChanges {
  CO_Banco?: string;
  CO_Agencia?: string;
  CO_AgenciaDV?: string;
  CO_ContaCorrente?: string;
  CO_ContaCorrenteDV?: string;
  ID_TipoConta?: number | null;
}

/** Field → column; the column names are constants, never request text. */
const ACCOUNT_COLUMNS: readonly [keyof AccountChanges, string][] = [
  ['CO_Banco', 'id_banco'],
  ['CO_Agencia', 'co_agencia'],
  ['CO_AgenciaDV', 'co_agencia_dv'],
  ['CO_ContaCorrente', 'co_conta_corrente'],
  ['CO_ContaCorrenteDV', 'co_conta_corrente_dv'],
  ['ID_TipoConta', 'id_tipo_conta'],
];

const toStored = ({ parcela, bruto, liquido, saldoDevedor, baseCalculo, margem, margemCartao, ...row }: Row): StoredOperation => ({
  ...row,
  parcela: toCents(parcela),
  bruto: toCents(bruto),
  liquido: toCents(liquido),
  saldoDevedor: toCents(saldoDevedor),
  baseCalculo: toCents(baseCalculo),
  margem: toCents(margem),
  margemCartao: toCents(margemCartao),
});

export function createOperationsRepository({ db, companyId }: CompanyScope) {
  return {
    /** The client's operations in credit-type order; undefined when the client is not this company's. */
    async ofClient(clientId: number, today: CalendarDate): Promise<StoredOperation[] | undefined> {
      const client = await db.query('select 1 from cliente where id_empresa = $1 and id_cliente = $2', [companyId, clientId]);
      if (client.length === 0) return undefined;
      const rows = await db.query<Row>(`${SELECT} and o.id_cliente = $3 order by o.id_tipo_credito, o.id_operacao`, [
        companyId,
        today,
        clientId,
      ]);
      return rows.map(toStored);
    },

    /** One operation, locked until the transaction ends (use on a transaction's `tx`); undefined when not this company's. */
    async lockOne(operationId: number, today: CalendarDate): Promise<StoredOperation | undefined> {
      const rows = await db.query<Row>(`${SELECT} and o.id_operacao = $3 for update of o`, [companyId, today, operationId]);
      return rows.length ? toStored(rows[0]) : undefined;
    },

    /**
     * Stores the card's bank fields (absent: kept; '' or null: cleared). The bank's code must name a bank
     * (checked by the caller: the foreign key would fail otherwise). Use on the transaction's `tx`.
     */
    async saveAccount(operationId: number, account: AccountChanges): Promise<void> {
      const sets: string[] = [];
      const params: unknown[] = [companyId, operationId];
      for (const [field, column] of ACCOUNT_COLUMNS) {
        const value = account[field];
        if (value === undefined) continue;
        params.push(value === '' ? null : field === 'CO_Banco' ? Number(value) : value);
        sets.push(`${column} = $${params.length}`);
      }
      if (sets.length === 0) return;
      await db.query(`update operacao set ${sets.join(', ')} where id_empresa = $1 and id_operacao = $2`, params);
    },

    /** Locks this company's client until the transaction ends, so its fields are read and written by one request at a time. */
    async lockClient(clientId: number): Promise<void> {
      await db.query('select 1 from cliente where id_empresa = $1 and id_cliente = $2 for update', [companyId, clientId]);
    },

    /** Stores a computed offer and the selection on the operation. */
    async saveOffer(operationId: number, figures: OfferFigures, selected: number): Promise<void> {
      await db.query(
        `update operacao set nu_parcelas = $3, vl_parcela = $4, vl_bruto = $5, vl_liquido = $6, vl_saldo_devedor = $7,
                vl_iof = $8, vl_taxa = $9, vl_cet_mensal = $10, vl_cet_anual = $11, dt_validade = $12, sn_selecionado = $13
          where id_empresa = $1 and id_operacao = $2`,
        [companyId, operationId, ...offerParams(figures), selected],
      );
    },
  };
}
