import {
  compactDate,
  formatElapsed,
  formatHoursMinutesSeconds,
  formatMinutesSeconds,
  formatSaoPauloDateTime,
  isValidDate,
  parseDate,
  toCompactDate,
  toIsoDate,
} from './date';

describe('parseDate / isValidDate', () => {
  it('reads dd-mm-yyyy, dd/mm/yyyy and dd.mm.yyyy', () => {
    expect(parseDate('24-12-2024')).toEqual({ day: 24, month: 12, year: 2024 });
    expect(parseDate('05/01/1960')).toEqual({ day: 5, month: 1, year: 1960 });
    expect(parseDate('31.12.1999')).toEqual({ day: 31, month: 12, year: 1999 });
  });

  it('knows leap years', () => {
    expect(isValidDate('29-02-2024')).toBe(true);
    expect(isValidDate('29-02-2023')).toBe(false);
    expect(isValidDate('29/02/2000')).toBe(true); // divisible by 400
    expect(isValidDate('29/02/1900')).toBe(false); // divisible by 100 only
    expect(isValidDate('28-02-2023')).toBe(true);
  });

  it('knows month lengths', () => {
    expect(isValidDate('31-01-2024')).toBe(true);
    expect(isValidDate('31-04-2024')).toBe(false);
    expect(isValidDate('30-04-2024')).toBe(true);
    expect(isValidDate('31-06-2024')).toBe(false);
    expect(isValidDate('31-09-2024')).toBe(false);
    expect(isValidDate('31-11-2024')).toBe(false);
    expect(isValidDate('30-02-2024')).toBe(false);
  });

  it('rejects day or month out of range', () => {
    expect(isValidDate('00-01-2024')).toBe(false);
    expect(isValidDate('32-01-2024')).toBe(false);
    expect(isValidDate('01-00-2024')).toBe(false);
    expect(isValidDate('01-13-2024')).toBe(false);
    expect(isValidDate('01-01-0000')).toBe(false);
  });

  it('rejects other shapes: mixed separators, wrong length, ISO order, no separators', () => {
    expect(isValidDate('24-12/2024')).toBe(false);
    expect(isValidDate('4-12-2024')).toBe(false);
    expect(isValidDate('24-12-24')).toBe(false);
    expect(isValidDate('24-12-2024 ')).toBe(false);
    expect(isValidDate('2024-12-24')).toBe(false);
    expect(isValidDate('24122024')).toBe(false);
    expect(isValidDate('24 12 2024')).toBe(false);
    expect(isValidDate('')).toBe(false);
    expect(parseDate(null)).toBeNull();
    expect(parseDate(undefined)).toBeNull();
  });
});

describe('compactDate', () => {
  it('strips dashes and slashes, keeping field order', () => {
    expect(compactDate('2024-12-24')).toBe('20241224');
    expect(compactDate('2024/12/24')).toBe('20241224');
    expect(compactDate('24-12-2024')).toBe('24122024');
  });

  it('strips only "/" and "-"', () => {
    expect(compactDate('24.12.2024')).toBe('24.12.2024');
    expect(compactDate('20241224')).toBe('20241224');
  });

  it('returns an empty string for empty, null and undefined', () => {
    expect(compactDate('')).toBe('');
    expect(compactDate(null)).toBe('');
    expect(compactDate(undefined)).toBe('');
  });
});

describe('toIsoDate / toCompactDate', () => {
  it('format the local calendar day with zero padding', () => {
    const date = new Date(2024, 0, 5, 23, 59, 59); // local 5 January 2024, one second before midnight
    expect(toIsoDate(date)).toBe('2024-01-05');
    expect(toCompactDate(date)).toBe('20240105');
    expect(toCompactDate(new Date(2024, 11, 31, 0, 0, 0))).toBe('20241231');
  });

  it('use the local calendar day, not the UTC one', () => {
    // The test machine may run in UTC, so a stand-in Date whose local day differs from its UTC day:
    // 29 Feb 2024 22:30 in São Paulo (UTC-3) is already 1 March in UTC.
    const saoPauloEvening = {
      getFullYear: () => 2024,
      getMonth: () => 1,
      getDate: () => 29,
      getUTCDate: () => 1,
      toISOString: () => '2024-03-01T01:30:00.000Z',
    } as unknown as Date;
    expect(toIsoDate(saoPauloEvening)).toBe('2024-02-29');
    expect(toCompactDate(saoPauloEvening)).toBe('20240229');
    // And with a real Date in whatever zone the tests run: the day of local 22:30 is kept.
    expect(toCompactDate(new Date(2024, 1, 29, 22, 30))).toBe('20240229');
  });

  it('default to today', () => {
    const before = toCompactDate(new Date());
    const value = toCompactDate();
    const after = toCompactDate(new Date());
    expect([before, after]).toContain(value);
    expect(toIsoDate()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

test('formatSaoPauloDateTime: dd/mm/aaaa hh:mm in São Paulo, whatever the offset the instant comes with', () => {
  expect(formatSaoPauloDateTime('2026-03-16T02:30:00Z')).toBe('15/03/2026 23:30');
  expect(formatSaoPauloDateTime('2026-03-15T09:05:00-03:00')).toBe('15/03/2026 09:05');
  expect(formatSaoPauloDateTime('ontem')).toBe('ontem');
});

test.each([
  [0, '00:00'],
  [9, '00:09'],
  [61, '01:01'],
  [3599, '59:59'],
  [4500, '75:00'],
  [-3, '00:00'],
  [12.9, '00:12'],
])('formatMinutesSeconds(%p) reads %s', (seconds, text) => {
  expect(formatMinutesSeconds(seconds)).toBe(text);
});

test('time in a state reads mm:ss under an hour and h:mm:ss from there on', () => {
  expect([0, 5, 65, 3599, 3600, 3725, 90_000].map(formatElapsed)).toEqual([
    '00:00',
    '00:05',
    '01:05',
    '59:59',
    '1:00:00',
    '1:02:05',
    '25:00:00',
  ]);
});

test('time talked or paused reads h:mm:ss, never negative', () => {
  expect([0, 59, 3725, -4, 12.9].map(formatHoursMinutesSeconds)).toEqual(['0:00:00', '0:00:59', '1:02:05', '0:00:00', '0:00:12']);
});
