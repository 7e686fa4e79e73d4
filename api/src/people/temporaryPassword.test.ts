import { newPasswordProblem } from '../auth/passwordPolicy';
import { temporaryPassword } from './temporaryPassword';

describe('temporaryPassword', () => {
  const person = { email: 'nova.pessoa@demo.com.br', name: 'Nova Pessoa' };

  it('makes four groups of four unambiguous symbols that pass the new-password rule', () => {
    for (let i = 0; i < 5; i++) {
      const password = temporaryPassword(person);
      expect(password).toMatch(/^[a-hj-km-np-z2-9]{4}(-[a-hj-km-np-z2-9]{4}){3}$/);
      expect(newPasswordProblem(password, person)).toBeUndefined();
    }
  });

  it('never repeats itself', () => {
    const drawn = new Set(Array.from({ length: 10 }, () => temporaryPassword(person)));
    expect(drawn.size).toBe(10);
  });
});
