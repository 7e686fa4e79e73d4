import { shortCache } from './shortCache';

/** A lookup that counts its calls and answers `value` as it is when called. */
function counter() {
  const state = { calls: 0, value: 'first', fail: false };
  const load = async (key: number) => {
    state.calls += 1;
    if (state.fail) throw new Error('database down');
    return `${key}:${state.value}`;
  };
  return { state, load };
}

describe('shortCache', () => {
  it('reuses an answer within ttlMs and asks again after it', async () => {
    const { state, load } = counter();
    let now = 1_000;
    const get = shortCache(load, { ttlMs: 2_000, now: () => now });
    expect(await get(7)).toBe('7:first');
    state.value = 'changed';
    now += 1_999;
    expect(await get(7)).toBe('7:first');
    now += 1;
    expect(await get(7)).toBe('7:changed');
    expect(state.calls).toBe(2);
  });

  it('keeps keys apart', async () => {
    const { state, load } = counter();
    const get = shortCache(load, { ttlMs: 2_000, now: () => 0 });
    expect([await get(1), await get(2), await get(1)]).toEqual(['1:first', '2:first', '1:first']);
    expect(state.calls).toBe(2);
  });

  it('shares one lookup between concurrent calls for a key', async () => {
    const { state, load } = counter();
    const get = shortCache(load, { ttlMs: 2_000, now: () => 0 });
    expect(await Promise.all([get(3), get(3), get(3)])).toEqual(['3:first', '3:first', '3:first']);
    expect(state.calls).toBe(1);
  });

  it('forgets a failed lookup at once', async () => {
    const { state, load } = counter();
    const get = shortCache(load, { ttlMs: 2_000, now: () => 0 });
    state.fail = true;
    await expect(get(4)).rejects.toThrow('database down');
    state.fail = false;
    expect(await get(4)).toBe('4:first');
  });

  it('with ttlMs 0 asks every time', async () => {
    const { state, load } = counter();
    const get = shortCache(load, { ttlMs: 0, now: () => 0 });
    await get(5);
    await get(5);
    expect(state.calls).toBe(2);
  });

  it('asks again for a key it was told to forget, and only for that key', async () => {
    const { state, load } = counter();
    const get = shortCache(load, { ttlMs: 2_000, now: () => 0 });
    await get(6);
    await get(7);
    state.value = 'changed';
    get.forget(6);
    expect(await get(6)).toBe('6:changed');
    expect(await get(7)).toBe('7:first');
  });
});
