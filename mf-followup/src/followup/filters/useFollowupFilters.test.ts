import { NO_STATUS, proposalFiltersOf, readFilters, toggledStatus, withFilter } from './useFollowupFilters';

it('selects a clicked status and clears it to 0 when clicked again', () => {
  expect(toggledStatus(NO_STATUS, 20)).toBe(20);
  expect(toggledStatus(20, 30)).toBe(30);
  expect(toggledStatus(30, 30)).toBe(0);
});

describe('readFilters', () => {
  const read = (query: string) => readFilters(new URLSearchParams(query), '2026-03-15');

  it('opens on no filter and today when the address has no filters', () => {
    expect(read('')).toEqual({ statusId: 0, bankId: 0, attendantId: 0, indicatorId: 0, startDate: '2026-03-15', endDate: '2026-03-15' });
  });

  it('reads every filter of a link', () => {
    expect(read('status=90&banco=341&atendente=7&indicador=3&inicio=2026-03-01&fim=2026-03-10')).toEqual({
      statusId: 90,
      bankId: 341,
      attendantId: 7,
      indicatorId: 3,
      startDate: '2026-03-01',
      endDate: '2026-03-10',
    });
  });

  it('falls back to today for a range out of order (the API would refuse it)', () => {
    expect(read('status=20&inicio=2026-03-10&fim=2026-03-01')).toMatchObject({
      statusId: 20,
      startDate: '2026-03-15',
      endDate: '2026-03-15',
    });
    expect(read('inicio=2026-03-10&fim=')).toMatchObject({ startDate: '2026-03-10', endDate: '' });
    expect(read('inicio=2026-03-10&fim=2026-03-10')).toMatchObject({ startDate: '2026-03-10', endDate: '2026-03-10' });
  });

  it('keeps a cleared date open and ignores malformed values', () => {
    expect(read('status=abc&banco=-1&atendente=1e3&inicio=&fim=15/03/2026')).toEqual({
      statusId: 0,
      bankId: 0,
      attendantId: 0,
      indicatorId: 0,
      startDate: '',
      endDate: '2026-03-15',
    });
  });
});

it('round-trips every filter through the address', () => {
  let params = new URLSearchParams();
  params = withFilter(params, 'statusId', 60);
  params = withFilter(params, 'bankId', 341);
  params = withFilter(params, 'attendantId', 7);
  params = withFilter(params, 'indicatorId', 3);
  params = withFilter(params, 'startDate', '2026-02-01');
  params = withFilter(params, 'endDate', '');
  expect(params.toString()).toBe('status=60&banco=341&atendente=7&indicador=3&inicio=2026-02-01&fim=');
  expect(readFilters(new URLSearchParams(params.toString()), '2026-03-15')).toEqual({
    statusId: 60,
    bankId: 341,
    attendantId: 7,
    indicatorId: 3,
    startDate: '2026-02-01',
    endDate: '',
  });

  // 'Selecione' (0) takes the id out of the link again.
  params = withFilter(params, 'bankId', 0);
  expect(params.toString()).toBe('status=60&atendente=7&indicador=3&inicio=2026-02-01&fim=');
});

it('sends compact days and leaves an open end out', () => {
  const filters = { statusId: 60, bankId: 341, attendantId: 0, indicatorId: 0, startDate: '2026-02-01', endDate: '' };
  expect(proposalFiltersOf(filters)).toEqual({ status: 60, bank: 341, attendant: 0, indicator: 0, start: '20260201', end: undefined });
});
