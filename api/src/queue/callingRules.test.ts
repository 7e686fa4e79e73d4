import {
  DEFAULT_WINDOW,
  isNationalHoliday,
  localTime,
  marketingBanCutoff,
  mayCallNow,
  nextBusinessOpening,
  statesOpenNow,
  type CompanyWindow,
} from './callingRules';

const at = (iso: string) => new Date(iso);

describe('calling window in the client local time', () => {
  // Wednesday 2026-11-25. São Paulo is UTC−3, Manaus UTC−4, Rio Branco UTC−5 (no daylight saving since 2019).
  it('opens at 08:00 and closes at 18:00 local time, start inclusive, end exclusive', () => {
    expect(mayCallNow(DEFAULT_WINDOW, 'SP', at('2026-11-25T10:59:59Z'))).toBe(false); // 07:59:59 in São Paulo
    expect(mayCallNow(DEFAULT_WINDOW, 'SP', at('2026-11-25T11:00:00Z'))).toBe(true); // 08:00 in São Paulo
    expect(mayCallNow(DEFAULT_WINDOW, 'SP', at('2026-11-25T17:59:00-03:00'))).toBe(true);
    expect(mayCallNow(DEFAULT_WINDOW, 'SP', at('2026-11-25T18:00:00-03:00'))).toBe(false);
  });

  it('reads the clock of the client state: 08:30 in São Paulo is still 06:30 in Acre', () => {
    const instant = at('2026-11-25T08:30:00-03:00');
    expect(mayCallNow(DEFAULT_WINDOW, 'SP', instant)).toBe(true);
    expect(mayCallNow(DEFAULT_WINDOW, 'AM', instant)).toBe(false); // 07:30 in Manaus
    expect(mayCallNow(DEFAULT_WINDOW, 'AC', instant)).toBe(false); // 06:30 in Rio Branco
    expect(mayCallNow(DEFAULT_WINDOW, 'AC', at('2026-11-25T10:00:00-03:00'))).toBe(true); // 08:00 there
    expect(localTime(instant, 'America/Rio_Branco')).toEqual({ day: '2026-11-25', weekday: 3, minutes: 6 * 60 + 30 });
  });

  it('at 19:30 in São Paulo only Acre (17:30) is still open', () => {
    const instant = at('2026-11-25T19:30:00-03:00');
    expect(statesOpenNow(DEFAULT_WINDOW, instant)).toEqual(['AC']); // 17:30 in Rio Branco
  });

  it('is closed on Saturday and Sunday by default, and on national holidays', () => {
    expect(mayCallNow(DEFAULT_WINDOW, 'RS', at('2026-11-28T10:00:00-03:00'))).toBe(false); // Saturday
    expect(mayCallNow(DEFAULT_WINDOW, 'RS', at('2026-11-29T10:00:00-03:00'))).toBe(false); // Sunday
    expect(mayCallNow(DEFAULT_WINDOW, 'RS', at('2026-11-20T10:00:00-03:00'))).toBe(false); // Consciência Negra (Friday)
    expect(mayCallNow({ ...DEFAULT_WINDOW, weekdays: [1, 2, 3, 4, 5, 6] }, 'RS', at('2026-11-28T10:00:00-03:00'))).toBe(true);
  });

  it('a company window wider than the state law is narrowed to the law (Rio de Janeiro: no Saturdays)', () => {
    const saturdays: CompanyWindow = { ...DEFAULT_WINDOW, weekdays: [1, 2, 3, 4, 5, 6], end: '20:00' };
    const saturday = at('2026-11-28T10:00:00-03:00');
    expect(mayCallNow(saturdays, 'SP', saturday)).toBe(true);
    expect(mayCallNow(saturdays, 'RJ', saturday)).toBe(false);
    expect(mayCallNow(saturdays, 'RJ', at('2026-11-25T19:00:00-03:00'))).toBe(false);
    expect(mayCallNow(saturdays, 'SP', at('2026-11-25T19:00:00-03:00'))).toBe(true);
  });

  it('an always-open company calls at any hour (the demo setting)', () => {
    const open: CompanyWindow = { ...DEFAULT_WINDOW, alwaysOpen: true };
    expect(statesOpenNow(open, at('2026-12-25T03:00:00-03:00'))).toHaveLength(28);
  });

  it('clients without a state follow São Paulo time', () => {
    expect(statesOpenNow(DEFAULT_WINDOW, at('2026-11-25T08:10:00-03:00'))).toContain('');
    expect(statesOpenNow(DEFAULT_WINDOW, at('2026-11-25T07:50:00-03:00'))).not.toContain('');
  });
});

describe('national holidays', () => {
  it.each([
    ['2026-01-01', true],
    ['2026-04-03', true], // Good Friday 2026 (Easter 5 April)
    ['2027-03-26', true], // Good Friday 2027 (Easter 28 March)
    ['2026-02-16', false], // Carnival Monday: ponto facultativo, not a holiday
    ['2026-06-04', false], // Corpus Christi: ponto facultativo
    ['2026-11-20', true],
    ['2023-11-20', false], // national only from Lei 14.759/2023 on
    ['2026-11-23', false],
  ])('%s → %s', (day, holiday) => expect(isNationalHoliday(day)).toBe(holiday));
});

describe('180-day marketing ban after the INSS grant (IN 138 art. 35 II)', () => {
  it('allows a DDB exactly 180 days ago and nothing later', () => {
    expect(marketingBanCutoff('2026-11-22')).toBe('2026-05-26');
  });
});

describe('callback on the next business day', () => {
  it('Friday evening → Monday 08:00 in the client time zone', () => {
    const due = nextBusinessOpening(DEFAULT_WINDOW, 'AM', at('2026-11-27T17:00:00-03:00'));
    expect(due.toISOString()).toBe('2026-11-30T12:00:00.000Z'); // 08:00 in Manaus (UTC−4)
  });

  it('skips a national holiday (Christmas on Friday 2026-12-25)', () => {
    const due = nextBusinessOpening(DEFAULT_WINDOW, 'SP', at('2026-12-24T15:00:00-03:00'));
    expect(due.toISOString()).toBe('2026-12-28T11:00:00.000Z');
  });

  it('an always-open company still calls back at 08:00 of a weekday', () => {
    const due = nextBusinessOpening({ ...DEFAULT_WINDOW, alwaysOpen: true }, null, at('2026-11-25T23:30:00-03:00'));
    expect(due.toISOString()).toBe('2026-11-26T11:00:00.000Z');
  });
});
