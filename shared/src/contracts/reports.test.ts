import { periodProblem, REPORT_MAX_DAYS, REPORT_TEXT } from './reports';

test('a period runs from a calendar day to a later or equal one, at most REPORT_MAX_DAYS days counting both ends', () => {
  expect(periodProblem('2026-03-16', '2026-03-16')).toBeNull();
  expect(REPORT_MAX_DAYS).toBe(397);
  expect(periodProblem('2025-02-06', '2026-03-09')).toBeNull(); // 397 days
  expect(periodProblem('2025-02-05', '2026-03-09')).toEqual({ field: 'fim', text: REPORT_TEXT.periodTooLong });
  expect(periodProblem('2026-03-10', '2026-03-09')).toEqual({ field: 'fim', text: REPORT_TEXT.invalidPeriod });
  expect(periodProblem('2026-02-30', '2026-03-09')).toEqual({ field: 'inicio', text: REPORT_TEXT.invalidPeriod });
  expect(periodProblem('2026-03-01', '')).toEqual({ field: 'fim', text: REPORT_TEXT.invalidPeriod });
});
