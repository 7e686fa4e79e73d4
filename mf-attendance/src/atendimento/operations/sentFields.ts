import {
  updateOperationRequest,
  clientFormSimulator,
  cnpjCharacters,
  compactDate,
  type UpdateOperationRequest,
  type Client,
  type Operation,
} from '@consig/shared';

// What a recalculation (POST /crm/atualizaOperacao) carries besides the figures, and which values the server
// stores: the card's bank fields and the client fields of product-spec §7. A value still being typed and
// not valid yet (an agency with a letter, half an e-mail) is left out, so the field keeps its stored value and
// the offer is recomputed anyway; the field shows its own message meanwhile.

const BANK_FIELDS = ['CO_Banco', 'CO_Agencia', 'CO_AgenciaDV', 'CO_ContaCorrente', 'CO_ContaCorrenteDV', 'ID_TipoConta'] as const;

/** The card's bank fields that pass the request's rules (digits only, within their length). */
export function accountToSend(operation: Operation): Partial<UpdateOperationRequest> {
  const sent: Partial<Record<(typeof BANK_FIELDS)[number], unknown>> = {};
  for (const field of BANK_FIELDS) {
    if (updateOperationRequest.shape[field].safeParse(operation[field]).success) sent[field] = operation[field];
  }
  return sent as Partial<UpdateOperationRequest>;
}

/** Request field → the client form field it comes from, and its compact form (§7: dashes and punctuation removed). */
const CLIENT_FIELDS = [
  ['DE_Telefone', 'DE_Telefone', (value: string) => value],
  ['DE_Pessoa', 'DE_Pessoa', (value: string) => value],
  ['EM_Email', 'EM_Email', (value: string) => value],
  ['DT_Admissao', 'DT_Admissao', compactDate],
  ['CO_Cep', 'CO_Cep', (value: string) => value.replace('-', '')],
  ['CO_CNPJ', 'CO_CNPJ', cnpjCharacters],
  ['DT_Nascimento', 'DE_Nascimento', compactDate],
] as const;

/** The client fields of §7 as the form holds them now, those that pass the client form's rules (simulator mode). */
export function clientFieldsToSend(client: Client): Partial<UpdateOperationRequest> {
  const result = clientFormSimulator.safeParse(client);
  const invalid = new Set(result.success ? [] : result.error.issues.map((issue) => issue.path[0]));
  const sent: Partial<UpdateOperationRequest> = {};
  for (const [field, formField, compact] of CLIENT_FIELDS) {
    if (!invalid.has(formField)) sent[field] = compact(client[formField]);
  }
  if (!invalid.has('VL_SalarioBruto')) sent.VL_Salario = client.VL_SalarioBruto;
  return sent;
}
