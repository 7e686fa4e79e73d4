import { PASSWORD_TEXT } from '@consig/shared/contracts';
import { newPasswordProblem } from './passwordPolicy';

const ana = { email: 'ana.souza@empresa.com.br', name: 'Ana Souza' };

describe('newPasswordProblem', () => {
  it('takes a long passphrase of unrelated words', () => {
    expect(newPasswordProblem('girafa tomada nuvem 1987 azul', ana)).toBeUndefined();
    expect(newPasswordProblem('Vento-Quente#Pipoca7', ana)).toBeUndefined();
  });

  it('refuses fewer than 10 characters', () => {
    expect(newPasswordProblem('Xq9#vT2!m', ana)).toBe(PASSWORD_TEXT.tooShort);
    expect(PASSWORD_TEXT.tooShort).toBe('A senha precisa de pelo menos 10 caracteres.');
  });

  it('refuses more than 128 characters', () => {
    expect(newPasswordProblem('a'.repeat(129), ana)).toBe(PASSWORD_TEXT.tooLong);
  });

  it('refuses the e-mail and its name part, in any case', () => {
    expect(newPasswordProblem('Ana.Souza@Empresa.com.br', ana)).toBe(PASSWORD_TEXT.isEmail);
    expect(newPasswordProblem('ana.souza', { email: 'ana.souza@empresa.com.br' })).toBe(PASSWORD_TEXT.tooShort);
    expect(newPasswordProblem('ana.souza.da.silva', { email: 'ana.souza.da.silva@x.com.br' })).toBe(PASSWORD_TEXT.isEmail);
  });

  it.each(['1234567890', 'senha12345', 'brasil2024', 'qwertyuiop', 'palmeiras10', 'flamengo123', 'anasouza2024'])(
    'refuses the common or guessable %s',
    (password) => {
      expect(newPasswordProblem(password, ana)).toBe(PASSWORD_TEXT.tooCommon);
    },
  );
});
