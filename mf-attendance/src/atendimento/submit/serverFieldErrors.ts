import { creditTypeLabel, type Operation } from '@consig/shared';
import { ApiFailure } from '@consig/shared/query';
import { clientFieldLabel } from '../client-form/clientFieldLabels';

/** The bank fields of an operation card carry the client form's labels (the card shows the same ones). */
const OPERATION_BANK_FIELDS = ['CO_Banco', 'CO_Agencia', 'CO_AgenciaDV', 'CO_ContaCorrente', 'CO_ContaCorrenteDV', 'ID_TipoConta'];
/** The labels of an operation card's other fields, as the card shows them. */
const OPERATION_FIGURE_LABELS: Record<string, string> = {
  NU_Parcelas: 'Prazo',
  VL_Parcela: 'Parcela',
  VL_Liquido: 'Valor líquido',
  VL_SaldoDevedor: 'Saldo devedor',
};
const operationFieldLabel = (field: string) =>
  OPERATION_BANK_FIELDS.includes(field) ? clientFieldLabel(field) : (OPERATION_FIGURE_LABELS[field] ?? field);

/** The API's 400 text (docs/architecture.md "Errors"): 'cliente.EM_Email: …', 'contratar.0.CO_ContaCorrente: …' or 'EM_Email: …'. */
const FIELD_ERROR = /^(?:(cliente)\.|contratar\.(\d+)\.)?([A-Za-z_]+): (.+)$/s;

export interface ServerErrorContext {
  /** The `contratar` the request sent, in its order (the index of 'contratar.N.' names one of them). */
  operations?: readonly Operation[];
  /** The body is the client form itself (PUT /crm/cliente): an unprefixed field is one of its fields. */
  clientBody?: boolean;
  /** Shows a client field's error under that field of the form (the form's `showFieldError`). */
  showClientFieldError?: (field: string, message: string) => unknown;
}

/**
 * A 400 naming a field, as the attendant reads it: the field's Portuguese label and the text —
 * 'E-mail: Email inválido.', 'Conta (INSS): Este campo é obrigatório caso operação esteja selecionada.' — never the
 * wire path. A client field's error also shows under that field of the form. Any other failure is returned as is.
 */
export function readableServerError(
  error: unknown,
  { operations = [], clientBody = false, showClientFieldError }: ServerErrorContext,
): unknown {
  if (!(error instanceof ApiFailure) || error.status !== 400) return error;
  const match = FIELD_ERROR.exec(error.message);
  if (!match) return error;
  const [, clientPrefix, index, field, message] = match;
  if (index !== undefined) {
    const operation = operations[Number(index)];
    const label = operationFieldLabel(field);
    return new ApiFailure(`${operation ? `${label} (${creditTypeLabel(operation.ID_TipoCredito)})` : label}: ${message}`, error.status);
  }
  if (!clientPrefix && !clientBody) return error;
  showClientFieldError?.(field, message);
  return new ApiFailure(`${clientFieldLabel(field)}: ${message}`, error.status);
}
