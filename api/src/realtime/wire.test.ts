import { MessageAssembler, splitMessage, splitUtf8 } from './wire';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const NOTIFY_LIMIT = 8000;

describe('splitUtf8', () => {
  it('keeps every piece within the byte limit without cutting a character, and joins back to the text', () => {
    const text = 'aç😀ã€b'.repeat(500); // 1, 2, 4, 2, 3 and 1 bytes
    for (const maxBytes of [4, 5, 7, 100, 7900]) {
      const parts = splitUtf8(text, maxBytes);
      expect(parts.join('')).toBe(text);
      for (const part of parts) {
        expect(Buffer.byteLength(part)).toBeLessThanOrEqual(maxBytes);
        // A lone surrogate would mean an emoji was cut in half.
        expect(part).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
      }
    }
  });

  it('returns short text as it is', () => {
    expect(splitUtf8('Olá', 10)).toEqual(['Olá']);
    expect(splitUtf8('', 10)).toEqual(['']);
  });
});

describe('splitMessage and MessageAssembler', () => {
  const receive = () => {
    const got: string[] = [];
    return { got, assembler: new MessageAssembler((text) => got.push(text)) };
  };

  it('cuts a big message into NOTIFY payloads PostgreSQL accepts and puts it back together', () => {
    const text = JSON.stringify({ texto: 'Operação atualizada — parcela nº 1 😀 '.repeat(2000) });
    const payloads = splitMessage(text);
    expect(payloads.length).toBeGreaterThan(5);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(NOTIFY_LIMIT);

    const { got, assembler } = receive();
    for (const payload of payloads) assembler.accept(payload);
    expect(got).toEqual([text]);
    expect(assembler.pending).toBe(0);
  });

  it('reassembles messages whose parts arrive interleaved, out of order or twice', () => {
    const one = splitMessage('primeira mensagem', 4);
    const two = splitMessage('segunda mensagem', 4);
    const { got, assembler } = receive();
    assembler.accept(two[1]);
    assembler.accept(one[0]);
    assembler.accept(two[0]);
    assembler.accept(two[0]);
    for (const payload of [...two.slice(2), ...one.slice(1).reverse()]) assembler.accept(payload);
    expect(got).toEqual(['segunda mensagem', 'primeira mensagem']);
    expect(assembler.pending).toBe(0);
  });

  it('delivers a one-part message at once and refuses payloads in another format', () => {
    const { got, assembler } = receive();
    assembler.accept(splitMessage('{"a":1}')[0]);
    expect(got).toEqual(['{"a":1}']);
    for (const bad of ['', 'sem cabeçalho', 'id:2:2:fora do intervalo', 'id:0:0:nenhuma parte']) {
      expect(() => assembler.accept(bad)).toThrow(/Malformed/);
    }
  });
});
