import { applyMask, maskCep, maskCnpj, maskCpf, maskDate, maskPhone } from './mask';

describe('applyMask', () => {
  it('fills the 9 slots in order and copies literals', () => {
    expect(applyMask('123456', '999-999')).toBe('123-456');
  });

  it('writes a literal only when a digit follows it', () => {
    expect(applyMask('123', '999-999')).toBe('123');
    expect(applyMask('1234', '999-999')).toBe('123-4');
    expect(applyMask('12', '(99) 99')).toBe('(12');
  });

  it('drops digits beyond the pattern', () => {
    expect(applyMask('12345678', '999-999')).toBe('123-456');
  });

  it('ignores non-digits in the value, including a typed separator', () => {
    expect(applyMask('12a3-4', '999-999')).toBe('123-4');
    expect(applyMask('123-', '999-999')).toBe('123');
  });

  it('returns an empty string for empty or digitless input', () => {
    expect(applyMask('', '999-999')).toBe('');
    expect(applyMask('abc', '(99)')).toBe('');
    expect(applyMask(null, '999')).toBe('');
    expect(applyMask(undefined, '999')).toBe('');
  });
});

describe('maskDate (99-99-9999)', () => {
  it('formats step by step while typing', () => {
    expect(['2', '24', '241', '2412', '24122', '24122024'].map(maskDate)).toEqual(['2', '24', '24-1', '24-12', '24-12-2', '24-12-2024']);
  });

  it('turns pasted slashes or dots into dashes', () => {
    expect(maskDate('24/12/2024')).toBe('24-12-2024');
    expect(maskDate('24.12.2024')).toBe('24-12-2024');
  });

  it('drops extra digits', () => {
    expect(maskDate('241220245')).toBe('24-12-2024');
  });
});

describe('maskCpf (999.999.999-99)', () => {
  it('formats complete and partial input', () => {
    expect(maskCpf('11144477735')).toBe('111.444.777-35');
    expect(maskCpf('111')).toBe('111');
    expect(maskCpf('1114')).toBe('111.4');
    expect(maskCpf('111444777')).toBe('111.444.777');
    expect(maskCpf('1114447773')).toBe('111.444.777-3');
  });

  it('re-formats pasted punctuation and drops extra digits', () => {
    expect(maskCpf('111 444 777/35')).toBe('111.444.777-35');
    expect(maskCpf('111.444.777-3599')).toBe('111.444.777-35');
  });

  it('keeps leading zeros', () => {
    expect(maskCpf('01234567890')).toBe('012.345.678-90');
  });
});

describe('maskCnpj (99.999.999/9999-99)', () => {
  it('formats complete and partial input', () => {
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCnpj('11222333')).toBe('11.222.333');
    expect(maskCnpj('112223330')).toBe('11.222.333/0');
    expect(maskCnpj('1122233300018')).toBe('11.222.333/0001-8');
  });

  it('drops extra digits', () => {
    expect(maskCnpj('112223330001819')).toBe('11.222.333/0001-81');
  });
});

describe('maskCep (99999-999)', () => {
  it('formats complete and partial input', () => {
    expect(maskCep('01001000')).toBe('01001-000');
    expect(maskCep('01001')).toBe('01001');
    expect(maskCep('010010')).toBe('01001-0');
  });

  it('re-formats pasted CEPs and drops extra digits', () => {
    expect(maskCep('01.001-000')).toBe('01001-000');
    expect(maskCep('010010001')).toBe('01001-000');
  });
});

describe('maskPhone ((99) 99999-9999)', () => {
  it('formats 11 digits', () => {
    expect(maskPhone('11987654321')).toBe('(11) 98765-4321');
  });

  it('formats partial input while typing', () => {
    expect(['1', '11', '119', '1198765', '11987654'].map(maskPhone)).toEqual(['(1', '(11', '(11) 9', '(11) 98765', '(11) 98765-4']);
    expect(maskPhone('')).toBe('');
  });

  it('re-formats pasted numbers and drops extra digits', () => {
    expect(maskPhone('11 98765 4321')).toBe('(11) 98765-4321');
    expect(maskPhone('(11) 98765-43219')).toBe('(11) 98765-4321');
  });
});
