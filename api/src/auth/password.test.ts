import { dummyHash, hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('Atendente@123');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w+/=]+\$[\w+/=]+$/);
    expect(stored).not.toContain('Atendente@123');
    await expect(verifyPassword('Atendente@123', stored)).resolves.toBe(true);
    await expect(verifyPassword('atendente@123', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('mesma'), hashPassword('mesma')]);
    expect(a).not.toBe(b);
  });

  it('refuses values that are not scrypt hashes', async () => {
    await expect(verifyPassword('x', 'x')).resolves.toBe(false);
    await expect(verifyPassword('x', 'bcrypt$2$a$b$c$d')).resolves.toBe(false);
  });

  it('keeps one dummy hash that matches no ordinary password', async () => {
    const hash = await dummyHash();
    expect(await dummyHash()).toBe(hash);
    await expect(verifyPassword('Atendente@123', hash)).resolves.toBe(false);
  });
});
