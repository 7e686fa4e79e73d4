import { digitsOnly, type Client, type Operation, CREDIT_TYPE, AGENCY } from '@consig/shared';
import { checkFgtsBalance } from '../api/checkFgtsBalance';
import { useGuardedMutation } from './useDelayedSubmit';

/** product-spec §6: the FGTS balance check is offered on FGTS cards of clients of agency 4 (ID_Orgao). */
export const showsFgtsBalance = (client: Client, operation: Operation | undefined) =>
  operation?.ID_TipoCredito === CREDIT_TYPE.FGTS && client.ID_Orgao === AGENCY.INSS;

/**
 * 'Verificar' on the FGTS card (product-spec §6, §7 /crm/fgts/saldo): asks for the balance and shows the
 * server's text, success or refusal, as a toast (the shared mutation); a click while one request runs is
 * ignored. The balance itself arrives later as an operation update pushed by the server (alert 1087).
 */
export function FgtsBalanceButton({ client, operation }: { client: Client; operation: Operation }) {
  const { pending, submit } = useGuardedMutation({ mutationFn: checkFgtsBalance });

  const check = () =>
    void submit({
      ClienteID: client.ClienteID,
      CO_CPF: digitsOnly(client.DE_CPF || client.CO_CPF),
      OperacaoID: operation.OperacaoID,
      DE_Telefone: client.DE_Telefone,
    });

  return (
    <div className="consig-panel att-submit__fgts">
      <span>Saldo FGTS</span>
      <button type="button" className="consig-button" onClick={check} disabled={pending} aria-busy={pending}>
        {pending && <span className="consig-spinner consig-spinner--inline" aria-hidden="true" />}
        Verificar
      </button>
    </div>
  );
}
