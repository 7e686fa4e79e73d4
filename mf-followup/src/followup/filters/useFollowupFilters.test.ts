import { NO_STATUS, readFilters, toggledStatus } from './useFollowupFilters';

it('selects a clicked status and clears it to 0 when clicked again', () => {
  expect(toggledStatus(NO_STATUS, 20)).toBe(20);
  expect(toggledStatus(20, 30)).toBe(30);
  expect(toggledStatus(30, 30)).toBe(0);
});

describe('readFilters', () => {
  const read = (query: string) => readFilters(new URLSearchParams(query), '2026-03-15');

  it('opens on no status and today when the address has no filters', () => {
    expect(read('')).toEqual({ statusId: NO_STATUS, startDate: '2026-03-15', endDate: '2026-03-15' });
  });

  it('reads the status and the dates of a link', () => {
    expect(read('status=90&inicio=2026-03-01&fim=2026-03-10')).toEqual({ statusId: 90, startDate: '2026-03-01', endDate: '2026-03-10' });
  });

  it('keeps a cleared date open and ignores malformed values', () => {
    expect(read('status=abc&inicio=&fim=15/03/2026')).toEqual({ statusId: NO_STATUS, startDate: '', endDate: '2026-03-15' });
  });
});
