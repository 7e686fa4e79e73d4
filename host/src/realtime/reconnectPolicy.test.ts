import { reconnectDelay, WS_CLOSE_TOO_MANY } from './reconnectPolicy';

const ABNORMAL_CLOSURE = 1006;

describe('reconnectDelay', () => {
  it('doubles from 1 s at each failure in a row and stops growing at 30 s', () => {
    const longest = [0, 1, 2, 3, 4, 5, 6, 12, 40, 1_000].map((failures) => reconnectDelay(failures, ABNORMAL_CLOSURE, 0.999_999));
    expect(longest).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000, 30_000]);
  });

  it('spreads the tabs a restart dropped together between half and all of the delay', () => {
    expect(reconnectDelay(0, ABNORMAL_CLOSURE, 0)).toBe(500);
    expect(reconnectDelay(0, ABNORMAL_CLOSURE, 0.5)).toBe(750);
    expect(reconnectDelay(3, ABNORMAL_CLOSURE, 0)).toBe(4_000);
    expect(reconnectDelay(10, ABNORMAL_CLOSURE, 0)).toBe(15_000);
  });

  it('waits at least a minute after the API refused one more socket (4429), whatever came before', () => {
    for (const failures of [0, 3, 20]) {
      expect(reconnectDelay(failures, WS_CLOSE_TOO_MANY, 0)).toBe(60_000);
      expect(reconnectDelay(failures, WS_CLOSE_TOO_MANY, 0.999_999)).toBe(75_000);
    }
  });
});
