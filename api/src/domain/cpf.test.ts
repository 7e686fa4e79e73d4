import { completeCpf } from './cpf';

describe('completeCpf', () => {
  it('computes the check digits of known valid CPFs', () => {
    expect(completeCpf('111444777')).toBe('11144477735');
    expect(completeCpf('529982247')).toBe('52998224725');
    expect(completeCpf('145382206')).toBe('14538220620');
  });

  it('refuses a base that is not 9 digits', () => {
    expect(() => completeCpf('12345')).toThrow('9 digits');
  });
});
