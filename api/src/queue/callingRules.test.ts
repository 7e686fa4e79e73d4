import {
  DEFAULT_WINDOW,
  isNationalHoliday,
  localTime,
  marketingBanCutoff,
  mayCallNow,
  nationalHolidays,
  nextBusinessOpening,
  sameHours,
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
    expect(
      mayCallNow({ ...DEFAULT_WINDOW, days: sameHours([1, 2, 3, 4, 5, 6], '08:00', '18:00') }, 'RS', at('2026-11-28T10:00:00-03:00')),
    ).toBe(true);
  });

  it('a company window wider than the state law is narrowed to the law (Rio de Janeiro: no Saturdays)', () => {
    const saturdays: CompanyWindow = { ...DEFAULT_WINDOW, days: sameHours([1, 2, 3, 4, 5, 6], '08:00', '20:00') };
    const saturday = at('2026-11-28T10:00:00-03:00');
    expect(mayCallNow(saturdays, 'SP', saturday)).toBe(true);
    expect(mayCallNow(saturdays, 'RJ', saturday)).toBe(false);
    expect(mayCallNow(saturdays, 'RJ', at('2026-11-25T19:00:00-03:00'))).toBe(false);
    expect(mayCallNow(saturdays, 'SP', at('2026-11-25T19:00:00-03:00'))).toBe(true);
  });

  it('opens each weekday at its own hours, and not at all on a weekday without hours', () => {
    const week: CompanyWindow = {
      ...DEFAULT_WINDOW,
      days: [
        { weekday: 1, start: '09:00', end: '17:00' },
        { weekday: 3, start: '07:00', end: '21:00' },
        { weekday: 6, start: '10:00', end: '14:00' },
      ],
    };
    expect(mayCallNow(week, 'SP', at('2026-11-23T08:30:00-03:00'))).toBe(false); // Monday, before 09:00
    expect(mayCallNow(week, 'SP', at('2026-11-23T09:00:00-03:00'))).toBe(true);
    expect(mayCallNow(week, 'SP', at('2026-11-23T17:00:00-03:00'))).toBe(false);
    expect(mayCallNow(week, 'SP', at('2026-11-24T10:00:00-03:00'))).toBe(false); // Tuesday: closed
    expect(mayCallNow(week, 'SP', at('2026-11-25T07:00:00-03:00'))).toBe(true); // Wednesday from 07:00
    expect(mayCallNow(week, 'SP', at('2026-11-25T20:59:00-03:00'))).toBe(true);
    expect(mayCallNow(week, 'SP', at('2026-11-28T13:59:00-03:00'))).toBe(true); // Saturday until 14:00
    expect(mayCallNow(week, 'SP', at('2026-11-28T14:00:00-03:00'))).toBe(false);
    // The weekday is the client's: 23:30 on Tuesday in São Paulo is still Tuesday in Acre, closed.
    expect(statesOpenNow(week, at('2026-11-24T23:30:00-03:00'))).toEqual([]);
  });

  it("a company narrowing applies to that state on that weekday only, inside the company's hours", () => {
    const narrowed: CompanyWindow = {
      ...DEFAULT_WINDOW,
      narrowings: [
        { state: 'MG', weekday: 3, start: '10:00', end: '12:00' },
        { state: 'SP', weekday: 3, start: '07:00', end: '09:00' }, // starts before the company opens
      ],
    };
    const wednesday = (time: string) => at(`2026-11-25T${time}:00-03:00`);
    expect(mayCallNow(narrowed, 'MG', wednesday('09:59'))).toBe(false);
    expect(mayCallNow(narrowed, 'MG', wednesday('10:00'))).toBe(true);
    expect(mayCallNow(narrowed, 'MG', wednesday('12:00'))).toBe(false);
    expect(mayCallNow(narrowed, 'PR', wednesday('15:00'))).toBe(true); // other states keep the company's hours
    expect(mayCallNow(narrowed, 'MG', at('2026-11-26T15:00:00-03:00'))).toBe(true); // Thursday: no narrowing
    expect(mayCallNow(narrowed, 'SP', wednesday('07:30'))).toBe(false); // the company opens at 08:00
    expect(mayCallNow(narrowed, 'SP', wednesday('08:30'))).toBe(true);
    expect(mayCallNow(narrowed, 'SP', wednesday('09:00'))).toBe(false);
    expect(mayCallNow(narrowed, null, wednesday('09:30'))).toBe(true); // no state: no state narrowing
  });

  it("a company narrowing meets the state law: only the hours inside the company's, its narrowing and the law", () => {
    const late: CompanyWindow = {
      ...DEFAULT_WINDOW,
      days: sameHours([1, 2, 3, 4, 5, 6], '07:00', '21:00'),
      narrowings: [
        { state: 'RJ', weekday: 3, start: '17:00', end: '20:00' },
        { state: 'RJ', weekday: 6, start: '09:00', end: '12:00' },
      ],
    };
    expect(mayCallNow(late, 'RJ', at('2026-11-25T16:59:00-03:00'))).toBe(false); // before the narrowing
    expect(mayCallNow(late, 'RJ', at('2026-11-25T17:30:00-03:00'))).toBe(true);
    expect(mayCallNow(late, 'RJ', at('2026-11-25T18:00:00-03:00'))).toBe(false); // the law closes at 18:00
    expect(mayCallNow(late, 'RJ', at('2026-11-28T10:00:00-03:00'))).toBe(false); // the law: no Saturdays
    expect(mayCallNow(late, 'RJ', at('2026-11-26T07:30:00-03:00'))).toBe(false); // Thursday: the law opens at 08:00
    expect(mayCallNow(late, 'SP', at('2026-11-25T20:30:00-03:00'))).toBe(true);
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

describe('national holidays of a year, by name', () => {
  it('lists them in calendar order, Good Friday by Easter and Consciência Negra from 2024 on', () => {
    expect(nationalHolidays(2026)).toEqual([
      { day: '2026-01-01', name: 'Confraternização Universal' },
      { day: '2026-04-03', name: 'Sexta-feira da Paixão' },
      { day: '2026-04-21', name: 'Tiradentes' },
      { day: '2026-05-01', name: 'Dia do Trabalho' },
      { day: '2026-09-07', name: 'Independência do Brasil' },
      { day: '2026-10-12', name: 'Nossa Senhora Aparecida' },
      { day: '2026-11-02', name: 'Finados' },
      { day: '2026-11-15', name: 'Proclamação da República' },
      { day: '2026-11-20', name: 'Dia Nacional de Zumbi e da Consciência Negra' },
      { day: '2026-12-25', name: 'Natal' },
    ]);
    expect(nationalHolidays(2023).map((holiday) => holiday.day)).not.toContain('2023-11-20');
  });
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

  it("opens at the callback day's own hours, skipping the weekdays the client may not be called", () => {
    const week: CompanyWindow = {
      ...DEFAULT_WINDOW,
      days: [...sameHours([1, 2, 3, 4, 5], '08:00', '18:00'), { weekday: 6, start: '10:00', end: '14:00' }],
      narrowings: [{ state: 'MG', weekday: 1, start: '13:00', end: '17:00' }],
    };
    // Friday evening: Saturday 10:00 in São Paulo; Rio de Janeiro's law skips Saturday; Minas' narrowing on Monday.
    expect(nextBusinessOpening(week, 'SP', at('2026-11-27T19:00:00-03:00')).toISOString()).toBe('2026-11-28T13:00:00.000Z');
    expect(nextBusinessOpening(week, 'RJ', at('2026-11-27T19:00:00-03:00')).toISOString()).toBe('2026-11-30T11:00:00.000Z');
    expect(nextBusinessOpening(week, 'MG', at('2026-11-28T19:00:00-03:00')).toISOString()).toBe('2026-11-30T16:00:00.000Z');
  });

  it('a company closed on every day gets the default window next opening (nothing is handed out meanwhile)', () => {
    const closed: CompanyWindow = { ...DEFAULT_WINDOW, days: [] };
    expect(statesOpenNow(closed, at('2026-11-25T10:00:00-03:00'))).toEqual([]);
    expect(nextBusinessOpening(closed, 'SP', at('2026-11-25T10:00:00-03:00')).toISOString()).toBe('2026-11-26T11:00:00.000Z');
  });

  it('an always-open company still calls back at 08:00 of a weekday', () => {
    const due = nextBusinessOpening({ ...DEFAULT_WINDOW, alwaysOpen: true }, null, at('2026-11-25T23:30:00-03:00'));
    expect(due.toISOString()).toBe('2026-11-26T11:00:00.000Z');
  });
});
