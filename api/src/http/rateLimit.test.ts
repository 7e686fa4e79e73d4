import { readEnv } from '../config';
import { isExempt, perInstance, TokenBuckets, tooManyRequestsText } from './rateLimit';

/** Buckets on a clock the test moves (milliseconds). */
function bucketsAt(perSecond: number, burst: number) {
  const clock = { ms: 0 };
  return { clock, buckets: new TokenBuckets({ perSecond, burst }, () => clock.ms) };
}

describe('TokenBuckets', () => {
  it('lets a burst through, then says in whole seconds when the next request may come', () => {
    const { buckets } = bucketsAt(0.5, 3);
    expect([1, 2, 3, 4].map(() => buckets.take('a'))).toEqual([0, 0, 0, 2]);
  });

  it('refills at the rate, never above the burst, and a refused request costs nothing', () => {
    const { clock, buckets } = bucketsAt(2, 2);
    expect([buckets.take(7), buckets.take(7), buckets.take(7)]).toEqual([0, 0, 1]);
    clock.ms = 400; // 0.8 of a request back: still 1 s to wait, rounded up
    expect(buckets.take(7)).toBe(1);
    clock.ms = 500; // refused requests took nothing: one is back
    expect([buckets.take(7), buckets.take(7)]).toEqual([0, 1]);
    clock.ms = 60_000; // a minute idle gives the burst back, not 120 requests
    expect([buckets.take(7), buckets.take(7), buckets.take(7)]).toEqual([0, 0, 1]);
  });

  it('tells the wait without taking anything', () => {
    const { clock, buckets } = bucketsAt(0.5, 2);
    expect([buckets.wait('a'), buckets.wait('a'), buckets.take('a'), buckets.take('a')]).toEqual([0, 0, 0, 0]);
    expect([buckets.wait('a'), buckets.wait('a')]).toEqual([2, 2]);
    clock.ms = 2_000;
    expect([buckets.wait('a'), buckets.take('a'), buckets.wait('a')]).toEqual([0, 0, 2]);
  });

  it('counts each key on its own', () => {
    const { buckets } = bucketsAt(1, 1);
    expect([buckets.take(1), buckets.take(1), buckets.take(2), buckets.take('10.0.0.1')]).toEqual([0, 1, 0, 0]);
  });

  it('forgets the buckets that have refilled, so memory follows the recent keys only', () => {
    const { clock, buckets } = bucketsAt(10, 20); // full again 2 s after the last request
    for (let key = 0; key < 1000; key += 1) buckets.take(key);
    expect(buckets.size).toBe(1000);
    clock.ms = 1_999;
    buckets.take('recent');
    expect(buckets.size).toBe(1001);
    clock.ms = 2_000;
    buckets.take('other');
    expect(buckets.size).toBe(2); // 'recent' is not full yet
  });
});

describe('perInstance', () => {
  it('divides the budgets by the instances, leaving each at least one request at once', () => {
    expect(perInstance({ perSecond: 20, burst: 100 }, 1)).toEqual({ perSecond: 20, burst: 100 });
    expect(perInstance({ perSecond: 20, burst: 100 }, 3)).toEqual({ perSecond: 20 / 3, burst: 33 });
    expect(perInstance({ perSecond: 1, burst: 2 }, 4)).toEqual({ perSecond: 0.25, burst: 1 });
  });
});

describe('tooManyRequestsText', () => {
  it('says the wait in seconds, in Portuguese', () => {
    expect(tooManyRequestsText(1)).toBe('Muitas requisições. Tente de novo em 1 segundo.');
    expect(tooManyRequestsText(12)).toBe('Muitas requisições. Tente de novo em 12 segundos.');
  });
});

describe('isExempt', () => {
  it('exempts the health probes, Kamailio, the realtime socket and the sign-in, and nothing else', () => {
    for (const url of ['/health/live', '/health/ready', '/telefonia/sip/saida', '/telefonia/sip/eventos', '/ws', '/lnk/token']) {
      expect([url, isExempt(url)]).toEqual([url, true]);
    }
    for (const url of ['/crm/proposta/:status/:bank/:attendant/:indicator', '/banco/logo/:file', '/docs', '/wsx', undefined]) {
      expect([url, isExempt(url)]).toEqual([url, false]);
    }
  });
});

describe('configuration', () => {
  // The defaults are in config.test.ts with every other variable's.
  it('reads RATE_LIMIT_* and API_INSTANCES, and refuses a budget that is not positive', () => {
    const config = readEnv({
      RATE_LIMIT_PERSON_PER_S: '2.5',
      RATE_LIMIT_PERSON_BURST: '10',
      RATE_LIMIT_ADDRESS_PER_S: '300',
      RATE_LIMIT_ADDRESS_BURST: '900',
      API_INSTANCES: '3',
    });
    expect(config.rateLimit).toEqual({ person: { perSecond: 2.5, burst: 10 }, address: { perSecond: 300, burst: 900 } });
    expect(config.apiInstances).toBe(3);
    expect(() => readEnv({ RATE_LIMIT_PERSON_PER_S: '0' })).toThrow(/RATE_LIMIT_PERSON_PER_S/);
    expect(() => readEnv({ RATE_LIMIT_ADDRESS_BURST: '1.5' })).toThrow(/RATE_LIMIT_ADDRESS_BURST/);
    expect(() => readEnv({ API_INSTANCES: '0' })).toThrow(/API_INSTANCES/);
  });
});
