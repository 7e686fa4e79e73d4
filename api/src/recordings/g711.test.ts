import { ALAW_TO_LINEAR, ULAW_TO_LINEAR } from './g711';

describe('G.711 decoding', () => {
  it('decodes μ-law code words to the Recommendation’s levels', () => {
    expect(ULAW_TO_LINEAR[0xff]).toBe(0);
    expect(ULAW_TO_LINEAR[0x7f]).toBe(0); // "negative zero"
    expect(ULAW_TO_LINEAR[0x00]).toBe(-32124);
    expect(ULAW_TO_LINEAR[0x80]).toBe(32124);
    expect(ULAW_TO_LINEAR[0xfe]).toBe(8);
    expect(ULAW_TO_LINEAR[0xef]).toBe(132);
    expect(ULAW_TO_LINEAR[0x7e]).toBe(-8);
  });

  it('decodes A-law code words to the Recommendation’s levels', () => {
    expect(ALAW_TO_LINEAR[0xd5]).toBe(8);
    expect(ALAW_TO_LINEAR[0x55]).toBe(-8);
    expect(ALAW_TO_LINEAR[0xaa]).toBe(32256);
    expect(ALAW_TO_LINEAR[0x2a]).toBe(-32256);
    expect(ALAW_TO_LINEAR[0xc5]).toBe(264); // segment 1, step 0
    expect(ALAW_TO_LINEAR[0xd4]).toBe(24);
  });

  it('is odd-symmetric and monotonic within each sign, as a companding law must be', () => {
    for (const [decode, positive] of [
      [ULAW_TO_LINEAR, (step: number) => 0xff - step],
      [ALAW_TO_LINEAR, (step: number) => (0x80 | step) ^ 0x55],
    ] as const) {
      let previous = -1;
      for (let step = 0; step < 128; step += 1) {
        const value = decode[positive(step)];
        // Sums to 0 rather than toBe(-value): 0 and -0 differ for toBe.
        expect(decode[positive(step) ^ 0x80] + value).toBe(0);
        expect(value).toBeGreaterThan(previous);
        previous = value;
      }
    }
  });
});
