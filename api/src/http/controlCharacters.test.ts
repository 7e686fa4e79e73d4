import { controlCharacterPath, hasControlCharacter, showControlCharacters } from './controlCharacters';

const REFUSED = [...Array.from({ length: 0x20 }, (_, code) => code).filter((code) => ![0x09, 0x0a, 0x0d].includes(code)), 0x7f].map(
  (code) => String.fromCharCode(code),
);

describe('hasControlCharacter', () => {
  it('finds U+0000–U+0008, U+000B, U+000C, U+000E–U+001F and U+007F anywhere in a text', () => {
    expect(REFUSED).toHaveLength(30);
    for (const char of REFUSED) {
      expect([char, `a${char}`, `${char}b`, `a${char}b`].map(hasControlCharacter)).toEqual([true, true, true, true]);
    }
  });

  it('takes tab, LF, CR and every other character as text', () => {
    expect(hasControlCharacter('')).toBe(false);
    expect(hasControlCharacter('Linha 1\r\nLinha 2\tfim\n')).toBe(false);
    expect(hasControlCharacter('Conceição ~ € \u0080\u009f \u00a0 😀 \ud800 \uffff')).toBe(false);
  });
});

describe('showControlCharacters', () => {
  it('puts the control pictures in place of the characters, and leaves the rest', () => {
    expect(showControlCharacters('a\u0000b\u001bc\u007fd\te\r\n')).toBe('a\u2400b\u241bc\u2421d\te\r\n');
    expect(hasControlCharacter(showControlCharacters(REFUSED.join('')))).toBe(false);
  });
});

describe('controlCharacterPath', () => {
  it('is null when no string or key holds one, whatever else the value holds', () => {
    expect(controlCharacterPath({ a: 'x\ty', b: [1, null, true, { c: 'z\n' }], d: undefined })).toBeNull();
    expect(controlCharacterPath(undefined)).toBeNull();
    expect(controlCharacterPath('texto')).toBeNull();
  });

  it('gives the keys and indexes to the string holding one', () => {
    expect(controlCharacterPath({ cliente: { DE_Pessoa: 'Ana\u0000' } })).toEqual(['cliente', 'DE_Pessoa']);
    expect(controlCharacterPath({ contratar: [{ CO_Banco: '1' }, { CO_Banco: '\u007f' }] })).toEqual(['contratar', '1', 'CO_Banco']);
    expect(controlCharacterPath('\u0000')).toEqual([]);
  });

  it('gives the first one in document order', () => {
    expect(controlCharacterPath({ a: { b: ['ok', '\u0001'] }, c: '\u0002' })).toEqual(['a', 'b', '1']);
  });

  it('refuses a key holding one, shown with control pictures', () => {
    expect(controlCharacterPath({ dados: { 'a\u0000b': 'ok' } })).toEqual(['dados', 'a\u2400b']);
  });

  it('walks objects without a prototype (a parsed query string)', () => {
    const query = Object.assign(Object.create(null) as Record<string, string>, { busca: '\u0000' });
    expect(controlCharacterPath(query)).toEqual(['busca']);
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let value: unknown = ['\u0000'];
    for (let depth = 0; depth < 100_000; depth++) value = [value];
    expect(controlCharacterPath(value)).toHaveLength(100_001);
  });

  it('leaves binary data alone', () => {
    expect(controlCharacterPath({ bytes: Buffer.from([0, 1, 2]) })).toBeNull();
  });
});
