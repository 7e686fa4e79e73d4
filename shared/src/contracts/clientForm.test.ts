import { clientFormFull, clientFormSimulator, operationForm, proposalRegistrationRequest } from './clientForm';

/** A client as the form holds it after GET /crm/cliente/basicoPorID, valid in full mode. */
const valid = {
  ClienteID: 7,
  DE_CPF: '111.444.777-35',
  CO_CPF: '11144477735',
  DE_Pessoa: 'José Carlos Pereira',
  DE_Nascimento: '12/03/1954',
  DE_Sexo: 'M',
  EM_Email: 'jose@exemplo.com.br',
  DE_Telefone: '11987654321',
  CO_Cep: '01001-000',
  DE_Endereco: 'Praça da Sé',
  DE_Numero: '100',
  DE_Bairro: 'Sé',
  DE_Cidade: 'São Paulo',
  SG_Estado: 'SP',
  VL_SalarioBruto: null,
  CO_Banco: 1,
  ID_TipoConta: 1,
};

type Schema = typeof clientFormFull | typeof clientFormSimulator;

/** The first message for `field` when `changes` are applied to the valid client, or undefined when it passes. */
function messageOf(schema: Schema, changes: Record<string, unknown>, field = Object.keys(changes)[0]): string | undefined {
  const result = schema.safeParse({ ...valid, ...changes });
  if (result.success) return undefined;
  const issues = result.error.issues.filter((issue) => issue.path.join('.') === field);
  expect(issues.length).toBeLessThanOrEqual(1); // one message under a field, never two
  return issues[0]?.message;
}
const full = (changes: Record<string, unknown>) => messageOf(clientFormFull, changes);
const simulator = (changes: Record<string, unknown>) => messageOf(clientFormSimulator, changes);

describe('client form, full mode (product-spec §5)', () => {
  it('accepts the client as the record holds it', () => {
    expect(clientFormFull.safeParse(valid).success).toBe(true);
  });

  it('DE_CPF: required, then 3-3-3-2 digits with optional dots and dash', () => {
    expect(full({ DE_CPF: '' })).toBe('Este campo é obrigatório.');
    expect(full({ DE_CPF: undefined })).toBe('Este campo é obrigatório.');
    expect(full({ DE_CPF: '111.444.777' })).toBe('Campo mal formatado ou não preenchido.');
    expect(full({ DE_CPF: '111a444777-35' })).toBe('Campo mal formatado ou não preenchido.');
    expect(full({ DE_CPF: '11144477735' })).toBeUndefined();
  });

  it('DE_Pessoa: required, letters with accents and spaces only', () => {
    expect(full({ DE_Pessoa: '   ' })).toBe('Este campo é obrigatório.');
    expect(full({ DE_Pessoa: 'José 2' })).toBe('Números não são permitidos.');
    expect(full({ DE_Pessoa: 'Conceição Araújo' })).toBeUndefined();
  });

  it('DE_Nascimento: optional; exactly 10 characters, then a real date with / - or .', () => {
    expect(full({ DE_Nascimento: '' })).toBeUndefined();
    expect(full({ DE_Nascimento: '1/3/1954' })).toBe('Deve conter 10 caracteres.');
    expect(full({ DE_Nascimento: '31/02/1954' })).toBe('Data inválida ou mal formatado.');
    expect(full({ DE_Nascimento: '12x03x1954' })).toBe('Data inválida ou mal formatado.');
    expect(full({ DE_Nascimento: '12.03.1954' })).toBeUndefined();
    expect(full({ DE_Nascimento: '12-03-1954' })).toBeUndefined();
  });

  it('DE_Telefone: required, digits only, 11 digits', () => {
    expect(full({ DE_Telefone: '' })).toBe('Este campo é obrigatório.');
    expect(full({ DE_Telefone: '(11) 98765' })).toBe('Apenas números.');
    expect(full({ DE_Telefone: '1198765432' })).toBe('Deve conter 11 dígitos.');
  });

  it('CO_Cep: required, 5 digits, optional dash, 3 digits', () => {
    expect(full({ CO_Cep: '' })).toBe('Este campo é obrigatório.');
    expect(full({ CO_Cep: '0100-1000' })).toBe('CEP inválido ou mal formatado.');
    expect(full({ CO_Cep: '01001000' })).toBeUndefined();
  });

  it.each(['DE_Endereco', 'DE_Bairro', 'DE_Cidade', 'SG_Estado'])('%s: required', (field) => {
    expect(full({ [field]: '' })).toBe('Este campo é obrigatório.');
  });

  it('SG_Estado: one of the 27 UFs', () => {
    expect(full({ SG_Estado: 'XX' })).toBe('UF inválida.');
  });

  it('DE_Numero: optional, digits only', () => {
    expect(full({ DE_Numero: '' })).toBeUndefined();
    expect(full({ DE_Numero: '10A' })).toBe('Apenas números.');
  });

  it('EM_Email: required and valid', () => {
    expect(full({ EM_Email: '' })).toBe('Este campo é obrigatório.');
    expect(full({ EM_Email: 'jose@' })).toBe('Email inválido.');
    expect(full({ EM_Email: 'jose exemplo.com' })).toBe('Email inválido.');
  });

  it('other fields are optional: empty, null or absent', () => {
    const result = clientFormFull.safeParse({ ...valid, DE_Mae: null, CO_CNPJ: '', DT_Admissao: '', CO_Agencia: undefined, CO_Banco: '' });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ DE_Mae: '', CO_CNPJ: '', CO_Banco: null });
  });

  it('DE_Sexo: optional in full mode, but one letter M or F when given', () => {
    expect(full({ DE_Sexo: '' })).toBeUndefined();
    expect(full({ DE_Sexo: 'X' })).toBe('Sigla M ou F');
  });

  it('CO_CNPJ: numeric or alphanumeric with valid check digits, kept as 14 upper-case characters', () => {
    expect(clientFormFull.parse({ ...valid, CO_CNPJ: '12.abc.345/01de-35' }).CO_CNPJ).toBe('12ABC34501DE35');
    expect(clientFormFull.parse({ ...valid, CO_CNPJ: '11.222.333/0001-81' }).CO_CNPJ).toBe('11222333000181');
    expect(full({ CO_CNPJ: '12.ABC.345/01DE-36' })).toBe('CNPJ inválido.');
  });

  it('bank fields are digits only; codes come from their lists', () => {
    expect(full({ CO_Agencia: '12-3' })).toBe('Apenas números.');
    expect(full({ CO_ContaCorrenteDV: 'X' })).toBe('Apenas números.');
    expect(full({ ID_TipoConta: 4 })).toBe('Opção inválida.');
    expect(full({ Meio_Pagamento: '2' })).toBeUndefined();
  });

  it('reference phone: digits, 10 or 11', () => {
    expect(full({ DE_TelefoneReferencia: '11a' })).toBe('Apenas números.');
    expect(full({ DE_TelefoneReferencia: '119876' })).toBe('Deve conter 10 ou 11 dígitos.');
    expect(full({ DE_TelefoneReferencia: '1132654321' })).toBeUndefined();
  });

  it('bounds every text before its pattern', () => {
    expect(full({ DE_Pessoa: 'a'.repeat(121) })).toBe('Use no máximo 120 caracteres.');
    expect(full({ DE_Complemento: 'a'.repeat(121) })).toBe('Use no máximo 120 caracteres.');
    expect(full({ EM_Email: `${'a'.repeat(250)}@x.com` })).toBe('Use no máximo 254 caracteres.');
  });
});

describe('client form, simulator mode (product-spec §5)', () => {
  it('address fields and e-mail are optional', () => {
    const empty = { CO_Cep: '', DE_Endereco: '', DE_Bairro: '', DE_Cidade: '', SG_Estado: '', EM_Email: '' };
    expect(clientFormSimulator.safeParse({ ...valid, ...empty }).success).toBe(true);
  });

  it('still checks the CEP format and the e-mail when given', () => {
    expect(simulator({ CO_Cep: '123' })).toBe('CEP inválido ou mal formatado.');
    expect(simulator({ EM_Email: 'a@' })).toBe('Email inválido.');
  });

  it("DE_Sexo: empty allowed (shown only for FGTS and private credit), else 'Sigla M ou F' or 'Apenas uma letra.'", () => {
    expect(simulator({ DE_Sexo: '' })).toBeUndefined();
    expect(simulator({ DE_Sexo: 'X' })).toBe('Sigla M ou F');
    expect(simulator({ DE_Sexo: 'MF' })).toBe('Apenas uma letra.');
    expect(simulator({ DE_Sexo: 'F' })).toBeUndefined();
  });

  it('bank fields are digits only', () => {
    expect(simulator({ CO_Agencia: '12a' })).toBe('Apenas números.');
    expect(simulator({ CO_ContaCorrente: '12.345' })).toBe('Apenas números.');
  });

  it('keeps the rules of the name, CPF and phone', () => {
    expect(simulator({ DE_Pessoa: 'Ana 2' })).toBe('Números não são permitidos.');
    expect(simulator({ DE_CPF: '' })).toBe('Este campo é obrigatório.');
  });
});

describe('operation bank fields (product-spec §5)', () => {
  const operation = {
    OperacaoID: 3,
    SN_Selecionado: true,
    NU_Parcelas: 84,
    VL_Parcela: '300.00',
    CO_Banco: '318',
    CO_Agencia: '1234',
    CO_ContaCorrente: '56789',
    CO_ContaCorrenteDV: '0',
  };
  const issues = (changes: Record<string, unknown>) =>
    (operationForm.safeParse({ ...operation, ...changes }).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

  it('accepts a selected operation with its bank fields, CO_AgenciaDV optional', () => {
    expect(issues({})).toEqual([]);
  });

  it('requires CO_Banco, CO_Agencia, CO_ContaCorrente and CO_ContaCorrenteDV of a selected operation', () => {
    const message = 'Este campo é obrigatório caso operação esteja selecionada.';
    expect(issues({ CO_Banco: null, CO_Agencia: '', CO_ContaCorrente: undefined, CO_ContaCorrenteDV: '' })).toEqual([
      ['CO_Banco', message],
      ['CO_Agencia', message],
      ['CO_ContaCorrente', message],
      ['CO_ContaCorrenteDV', message],
    ]);
  });

  it('does not require them of an operation not selected', () => {
    expect(issues({ SN_Selecionado: 0, CO_Banco: null, CO_Agencia: '', CO_ContaCorrente: '', CO_ContaCorrenteDV: '' })).toEqual([]);
  });

  it('takes digits only in every bank field, CO_AgenciaDV included', () => {
    expect(issues({ CO_Agencia: '12-3' })).toEqual([['CO_Agencia', 'Apenas números.']]);
    expect(issues({ CO_AgenciaDV: 'X' })).toEqual([['CO_AgenciaDV', 'Apenas números.']]);
    expect(issues({ CO_Banco: 318 })).toEqual([]);
  });

  it('the proposal body names the entry of contratar that is wrong', () => {
    const result = proposalRegistrationRequest.safeParse({ cliente: valid, contratar: [operation, { ...operation, CO_Agencia: '' }] });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['contratar.1.CO_Agencia']);
  });
});
