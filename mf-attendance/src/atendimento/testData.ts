import type { Client, MyDay, Operation, Phone } from '@consig/shared';

/** Test records shaped by the contracts (shared/src/contracts), for the screen's tests. */
export function aClient(overrides: Partial<Client> = {}): Client {
  return {
    ClienteID: 7,
    DE_Pessoa: 'Maria Souza',
    CO_CPF: '11144477735',
    DE_CPF: '111.444.777-35',
    DE_Nascimento: '12/03/1958',
    DE_Mae: '',
    DE_Sexo: 'F',
    EM_Email: '',
    DE_Telefone: '',
    CO_Identidade: '',
    DE_DataExpedicao: '',
    CO_OrgaoEmissor: '',
    SG_UFEmissao: '',
    DE_Naturalidade: '',
    DT_Admissao: '',
    CO_CNPJ: '',
    VL_SalarioBruto: null,
    VL_SalarioLiquido: null,
    CO_Cep: '',
    DE_Endereco: '',
    DE_Numero: '',
    DE_Complemento: '',
    DE_Bairro: '',
    DE_Cidade: '',
    SG_Estado: '',
    DE_NomeReferencia: '',
    DE_TelefoneReferencia: '',
    Meio_Pagamento: null,
    ID_TipoBeneficio: null,
    CO_MatriculaBeneficio: '',
    CO_Matricula: '',
    SN_Bloqueio: 0,
    DT_DIB: '',
    DT_DDB: '',
    ID_Especie: null,
    SN_RepresentanteLegal: 0,
    VL_DescontoOutroBanco: null,
    VL_DescontoObrigatorio: null,
    VL_DescontoVoluntario: null,
    ID_Orgao: 4,
    CO_Banco: null,
    CO_Agencia: '',
    CO_AgenciaDV: '',
    CO_ContaCorrente: '',
    CO_ContaCorrenteDV: '',
    ID_TipoConta: null,
    ...overrides,
  };
}

export function anOperation(overrides: Partial<Operation> = {}): Operation {
  return {
    OperacaoID: 70,
    ID_Cliente: 7,
    ID_TipoCredito: 1,
    SN_Selecionado: 0,
    NU_Parcelas: 84,
    VL_Bruto: '10000.00',
    VL_Parcela: '250.00',
    VL_Liquido: '10000.00',
    VL_SaldoDevedor: '0.00',
    DE_Bruto: 'R$ 10.000,00',
    DE_Liquido: 'R$ 10.000,00',
    CO_Banco: null,
    DE_Banco: null,
    LN_LogoBanco: null,
    CO_Agencia: null,
    CO_AgenciaDV: null,
    CO_ContaCorrente: null,
    CO_ContaCorrenteDV: null,
    ID_TipoConta: null,
    VL_BaseCalculo: '3000.00',
    VL_Margem: '1050.00',
    VL_MargemCartao: '150.00',
    DE_Mensagem: null,
    VL_Taxa: '1.80',
    VL_IOF: '120.50',
    VL_CETMensal: '1.95',
    VL_CETAnual: '26.08',
    DT_Validade: '2026-11-24',
    ...overrides,
  };
}

export const aPhone = (TelefoneID: number, DE_Telefone: string): Phone => ({
  TelefoneID,
  DE_Telefone,
  CO_DDD: DE_Telefone.slice(0, 2),
  CO_Telefone: DE_Telefone.slice(2),
});

/** The API's envelope of a successful answer. */
export const envelope = (data: unknown, text = '') => ({ body: { success: true, text, data } });

/** GET /atendente/meu-dia's day: nothing done yet unless `overrides` says so. */
export const aDay = (overrides: Partial<MyDay> = {}): MyDay => ({
  NU_Ligacoes: 0,
  NU_SegundosFalados: 0,
  NU_SegundosPausa: 0,
  NU_Propostas: 0,
  VL_Propostas: '0.00',
  ...overrides,
});
