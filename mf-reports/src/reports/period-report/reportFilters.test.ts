import { canonicalReportQuery, defaultReportFilters } from './reportFilters';

test("the filters start on São Paulo's today, whatever the instant's UTC day", () => {
  expect(defaultReportFilters(new Date('2026-03-17T02:59:00Z'))).toEqual({ inicio: '2026-03-16', fim: '2026-03-16', agrupar: 'dia' });
  expect(defaultReportFilters(new Date('2026-03-17T03:00:00Z')).inicio).toBe('2026-03-17');
});

test('a query is written one way whatever order the form filled it in', () => {
  const query = canonicalReportQuery({ agrupar: 'hora', ID_Atendente: 7, fim: '2026-03-16', inicio: '2026-03-01', ID_Campanha: undefined });
  expect(JSON.stringify(query)).toBe('{"inicio":"2026-03-01","fim":"2026-03-16","ID_Atendente":7,"agrupar":"hora"}');
});
