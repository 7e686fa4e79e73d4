import { CREDIT_TYPE, formatBRL, type Operation } from '@consig/shared';
import { centsToDecimalText, privatePayrollGuarantee, saoPauloDate, toCents } from '@consig/shared/credit';
import { FigureList } from '../ui/FigureList';

const percentOf = (text: string) => `${text.replace('.', ',')}%`;

/**
 * Private payroll credit (CCP) under Lei 15.179/2025, shown beside its card: contracted on the
 * public platform (CTPS Digital / eSocial) with the worker's consent by biometrics or digital signature, so the
 * CRM registers the proposal and the formalisation happens there; the margin of 35% of the available
 * remuneration the server applies; and, as information, the guarantee the worker may pledge: up to 10% of the
 * FGTS balance (in reais when the FGTS card's balance is known) or up to 100% of the dismissal fine.
 */
export function PrivatePayrollBlock({ operation, operations }: { operation: Operation; operations: readonly Operation[] }) {
  const fgts = operations.find((candidate) => candidate.ID_TipoCredito === CREDIT_TYPE.FGTS);
  const balance = fgts?.VL_BaseCalculo && toCents(fgts.VL_BaseCalculo) > 0 ? toCents(fgts.VL_BaseCalculo) : null;
  const { fgtsBalanceShare, rules } = privatePayrollGuarantee(balance, saoPauloDate(new Date()));
  const fgtsPledge =
    fgtsBalanceShare === null
      ? `até ${percentOf(rules.fgtsBalancePledgePercent)} do saldo do FGTS`
      : `até ${percentOf(rules.fgtsBalancePledgePercent)} do saldo do FGTS (${formatBRL(centsToDecimalText(fgtsBalanceShare))} do saldo consultado)`;
  return (
    <section className="consig-panel att-submit" aria-label="Crédito do Trabalhador">
      <h3>Crédito do Trabalhador (Lei 15.179/2025)</h3>
      <FigureList
        className="att-submit__figures"
        figures={[
          ['Remuneração disponível', formatBRL(operation.VL_BaseCalculo)],
          [`Margem (${percentOf(rules.marginPercent)})`, formatBRL(operation.VL_Margem)],
          ['Garantia opcional', `${fgtsPledge} ou até ${percentOf(rules.dismissalFinePledgePercent)} da multa rescisória`],
        ]}
      />
      <p>
        Contratação na plataforma CTPS Digital / eSocial, com o consentimento do trabalhador por biometria ou assinatura digital: o CRM
        registra a proposta (Aguardando digitação) e a formalização acontece na plataforma.
      </p>
    </section>
  );
}
