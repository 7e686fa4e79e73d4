import { parseClientId } from './clientId';

describe('parseClientId', () => {
  it('accepts digits only', () => {
    expect(parseClientId('42')).toBe('42');
    expect(parseClientId('0012')).toBe('0012');
  });

  it('rejects anything that is not only digits', () => {
    for (const value of [null, undefined, '', ' 42', '42a', '-1', '4.2', 'João Silva', '1e3']) {
      expect(parseClientId(value)).toBeNull();
    }
  });
});
