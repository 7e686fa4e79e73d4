import { createTestDatabase, type TestDatabase } from '../../test/database';
import { migrate } from '../db/migrate';
import { THROTTLE, addressKey, recordSuccess, reserveAttempt, throttledText, type Verdict } from './throttle';

// Runs on the database selected by TEST_DB, like the integration tests: the logic is its SQL.
describe('sign-in throttle', () => {
  let database: TestDatabase;
  const t0 = new Date('2026-03-02T12:00:00Z');
  const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
  const hours = (n: number) => minutes(n * 60);

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.db);
  });
  afterAll(() => database.drop());
  beforeEach(async () => {
    await database.db.query('delete from tentativa_login');
    await database.db.query('delete from acesso_conhecido');
  });

  const reserve = (email: string, ip: string, at = t0) => reserveAttempt(database.db, email, ip, at);
  const allowed = async (email: string, ip: string, at = t0) => (await reserve(email, ip, at)).allowed;
  /** Failed attempts (a reservation that is never followed by a success), all allowed. */
  const fail = async (email: string, ip: string, times: number, at = t0) => {
    for (let i = 0; i < times; i += 1) expect(await allowed(email, ip, at)).toBe(true);
  };
  const wait = (verdict: Verdict) => (verdict.allowed ? 0 : verdict.retryAfterSeconds);

  describe('one e-mail from one address', () => {
    it('gets 5 attempts at once, then waits 1, 2, 4, 8, 15 and 30 minutes between attempts', async () => {
      await fail('a@x.br', '1.1.1.1', 5);
      let at = t0;
      for (const delay of [1, 2, 4, 8, 15, 30, 30]) {
        const refused = await reserve('a@x.br', '1.1.1.1', new Date(at.getTime() + delay * 60_000 - 1000));
        expect({ delay, wait: wait(refused) }).toEqual({ delay, wait: 1 });
        at = new Date(at.getTime() + delay * 60_000);
        expect({ delay, allowed: await allowed('a@x.br', '1.1.1.1', at) }).toEqual({ delay, allowed: true });
      }
    });

    it('reserves atomically: 60 parallel attempts, on two connections, let exactly 5 through', async () => {
      const other = await database.connectAgain();
      try {
        const verdicts = await Promise.all(
          Array.from({ length: 60 }, (_, i) => reserveAttempt(i % 2 ? other : database.db, 'a@x.br', '1.1.1.1', t0)),
        );
        expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
        expect(verdicts.filter((v) => !v.allowed).map(wait)).toEqual(Array(55).fill(60));
        const [{ n }] = await database.db.query<{ n: number }>('select count(*)::int as n from tentativa_login');
        expect(n).toBe(5);
      } finally {
        await other.close();
      }
    });

    it('starts afresh after a success, which leaves other pairs alone', async () => {
      await fail('a@x.br', '1.1.1.1', 5);
      await fail('a@x.br', '2.2.2.2', 5);
      await fail('b@x.br', '1.1.1.1', 5);
      await recordSuccess(database.db, 'a@x.br', '1.1.1.1', t0);
      await fail('a@x.br', '1.1.1.1', 5);
      expect(await allowed('a@x.br', '2.2.2.2')).toBe(false);
      expect(await allowed('b@x.br', '1.1.1.1')).toBe(false);
    });

    it('forgets failures older than a day, and purges them', async () => {
      await database.db.query(
        "insert into tentativa_login (em_email, de_ip, ts_tentativa) select 'a@x.br', '1.1.1.1', $1 from generate_series(1, 12)",
        [t0.toISOString()],
      );
      expect(await allowed('a@x.br', '1.1.1.1', hours(23))).toBe(true); // waited more than 30 minutes
      expect(await allowed('a@x.br', '1.1.1.1', minutes(23 * 60 + 1))).toBe(false);
      await fail('a@x.br', '1.1.1.1', 5, hours(48));
      const [{ n }] = await database.db.query<{ n: number }>('select count(*)::int as n from tentativa_login');
      expect(n).toBe(5);
    });
  });

  describe('ceilings for addresses an e-mail has not signed in from', () => {
    const { email, address } = THROTTLE;

    it(`bound one e-mail at ${email.maxFailures} failures a day over all addresses, except known ones`, async () => {
      await recordSuccess(database.db, 'a@x.br', '9.9.9.9', t0);
      for (let i = 0; i < email.maxFailures; i += 1) expect(await allowed('a@x.br', `1.1.1.${i}`, minutes(i))).toBe(true);
      const refused = await reserve('a@x.br', '2.2.2.2', minutes(30));
      expect(refused).toEqual({ allowed: false, retryAfterSeconds: 24 * 3600 - 30 * 60 });
      expect(await allowed('b@x.br', '2.2.2.2', minutes(30))).toBe(true);
      expect(await allowed('a@x.br', '9.9.9.9', minutes(30))).toBe(true);
      // Free again as soon as the oldest failure leaves the day.
      expect(await allowed('a@x.br', '2.2.2.2', minutes(24 * 60 + 1))).toBe(true);
    });

    it(`bound one address at ${address.maxFailures} failures a day over all e-mails, except those known to it`, async () => {
      await recordSuccess(database.db, 'conhecido@x.br', '3.3.3.3', t0);
      const verdicts = await Promise.all(Array.from({ length: 60 }, (_, i) => reserve(`u${i}@x.br`, '3.3.3.3')));
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(address.maxFailures);
      expect(await allowed('nova@x.br', '3.3.3.3', hours(1))).toBe(false);
      expect(await allowed('nova@x.br', '4.4.4.4', hours(1))).toBe(true);
      expect(await allowed('conhecido@x.br', '3.3.3.3', hours(1))).toBe(true);
    });

    it(`stop treating an address as known ${THROTTLE.knownAddressDays} days after its last success`, async () => {
      await recordSuccess(database.db, 'a@x.br', '9.9.9.9', t0);
      const later = hours(24 * THROTTLE.knownAddressDays + 1);
      for (let i = 0; i < email.maxFailures; i += 1) expect(await allowed('a@x.br', `1.1.1.${i}`, later)).toBe(true);
      expect(await allowed('a@x.br', '9.9.9.9', later)).toBe(false);
    });
  });

  it('tells how long to wait in whole minutes, or hours past the first hour', () => {
    const text = (wait: string) => `Muitas tentativas de acesso. Aguarde ${wait} e tente novamente.`;
    expect(throttledText(1)).toBe(text('1 minuto'));
    expect(throttledText(60)).toBe(text('1 minuto'));
    expect(throttledText(61)).toBe(text('2 minutos'));
    expect(throttledText(59 * 60)).toBe(text('59 minutos'));
    expect(throttledText(60 * 60)).toBe(text('1 hora'));
    expect(throttledText(23.5 * 3600)).toBe(text('24 horas'));
  });

  it('counts an IPv6 address by its /64 block and an IPv4-mapped one as IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:85a3:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:85a3:1::/64');
    expect(addressKey('2001:0DB8:85a3:0001::1')).toBe('2001:db8:85a3:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
