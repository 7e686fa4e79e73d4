import type { Client } from '@consig/shared';

/**
 * The Portuguese label of each client form field, as the form shows it: one table for the form and for the
 * server's field errors, which must read 'E-mail: Email inválido.', never 'cliente.EM_Email: …'.
 */
export const CLIENT_FIELD_LABELS = {
  DE_Pessoa: 'Nome',
  DE_CPF: 'CPF',
  CO_CPF: 'CPF',
  DE_Nascimento: 'Data de nascimento',
  DE_Telefone: 'Telefone',
  EM_Email: 'E-mail',
  DE_Mae: 'Nome da mãe',
  DE_Sexo: 'Sexo',
  DE_DataExpedicao: 'Data de expedição',
  CO_OrgaoEmissor: 'Órgão emissor',
  SG_UFEmissao: 'UF de emissão',
  DE_Naturalidade: 'Naturalidade',
  DT_Admissao: 'Data de admissão',
  CO_CNPJ: 'CNPJ',
  VL_SalarioBruto: 'Salário bruto',
  VL_SalarioLiquido: 'Salário líquido',
  ID_TipoBeneficio: 'Tipo de benefício',
  CO_MatriculaBeneficio: 'Matrícula',
  DE_NomeReferencia: 'Nome da referência',
  DE_TelefoneReferencia: 'Telefone da referência',
  CO_Cep: 'CEP',
  DE_Endereco: 'Endereço',
  DE_Numero: 'Número',
  DE_Complemento: 'Complemento',
  DE_Bairro: 'Bairro',
  DE_Cidade: 'Cidade',
  SG_Estado: 'UF',
  Meio_Pagamento: 'Meio de pagamento',
  CO_Banco: 'Banco',
  CO_Agencia: 'Agência',
  CO_AgenciaDV: 'Dígito da agência',
  CO_ContaCorrente: 'Conta',
  CO_ContaCorrenteDV: 'Dígito da conta',
  ID_TipoConta: 'Tipo de conta',
  CO_Identidade: 'Identidade',
  CO_Matricula: 'NB',
  ClienteID: 'Cliente',
} as const satisfies Partial<Record<keyof Client, string>>;

/** The label of a client field, or the field's own name when the form does not show it. */
export const clientFieldLabel = (field: string): string => (CLIENT_FIELD_LABELS as Partial<Record<string, string>>)[field] ?? field;
