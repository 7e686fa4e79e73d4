import { addMonths, compareDates, daysBetween, isCalendarDate, saoPauloDate } from './calendar';

describe('saoPauloDate', () => {
  it('dates an instant by the São Paulo calendar, not UTC', () => {
    // 22:30 on 31/01 in Brasília is already 01/02 in UTC.
    expect(saoPauloDate(new Date('2025-02-01T01:30:00Z'))).toBe('2025-01-31');
    expect(saoPauloDate(new Date('2025-02-01T03:00:00Z'))).toBe('2025-02-01');
    expect(saoPauloDate(new Date('2025-02-01T02:59:59Z'))).toBe('2025-01-31');
  });

  it('refuses an invalid date', () => {
    expect(() => saoPauloDate(new Date('nope'))).toThrow(RangeError);
  });
});

describe('addMonths', () => {
  it('keeps the day of the month, or the last day of a shorter month', () => {
    expect(addMonths('2025-01-15', 1)).toBe('2025-02-15');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-01-31', 2)).toBe('2025-03-31');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2025-12-10', 12)).toBe('2026-12-10');
    expect(addMonths('2025-03-10', -3)).toBe('2024-12-10');
  });
});

describe('daysBetween', () => {
  it('counts calendar days across months, years and leap days', () => {
    expect(daysBetween('2025-01-01', '2025-02-01')).toBe(31);
    expect(daysBetween('2024-02-01', '2024-03-01')).toBe(29);
    expect(daysBetween('2025-01-01', '2026-01-01')).toBe(365);
    expect(daysBetween('2025-03-10', '2025-03-01')).toBe(-9);
  });
});

describe('calendar date validation', () => {
  it('refuses impossible or malformed dates', () => {
    expect(isCalendarDate('2025-02-28')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-13-01')).toBe(false);
    expect(isCalendarDate('01/02/2025')).toBe(false);
    expect(() => daysBetween('2025-02-30', '2025-03-01')).toThrow(RangeError);
  });

  it('compares dates', () => {
    expect(compareDates('2025-01-01', '2025-01-02')).toBe(-1);
    expect(compareDates('2025-01-02', '2025-01-02')).toBe(0);
    expect(compareDates('2026-01-01', '2025-12-31')).toBe(1);
  });
});
