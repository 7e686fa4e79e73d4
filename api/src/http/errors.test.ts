import { validationText } from './errors';

describe('validationText', () => {
  it('names the field of the first issue', () => {
    expect(
      validationText([
        { instancePath: '/EM_Email', message: 'Email inválido.' },
        { instancePath: '/PW_Senha', message: 'Este campo é obrigatório.' },
      ]),
    ).toBe('EM_Email: Email inválido.');
  });

  it('joins nested paths with dots and leaves whole-body issues unprefixed', () => {
    expect(validationText([{ instancePath: '/cliente/CO_CPF', message: 'CPF inválido.' }])).toBe('cliente.CO_CPF: CPF inválido.');
    expect(validationText([{ instancePath: '/', message: 'Envie os dados da requisição em JSON.' }])).toBe(
      'Envie os dados da requisição em JSON.',
    );
  });
});
