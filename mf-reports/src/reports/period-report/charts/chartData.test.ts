import { aBucket, aReport } from '../../../testing/reportServer';
import {
  asMinutes,
  callsSeries,
  chartBuckets,
  describeCalls,
  describeOutcomes,
  describePauses,
  describeTalk,
  outcomeSeries,
  pauseSeries,
  talkSeries,
} from './chartData';

test('days without activity between the first and the last active one are drawn as zeros, in order', () => {
  const report = aReport({ linhas: [aBucket('2026-03-04', { NU_Tentativas: 2 }), aBucket('2026-02-27', { NU_Tentativas: 1 })] });
  expect(chartBuckets(report).map((bucket) => [bucket.label, bucket.figures.NU_Tentativas])).toEqual([
    ['27/02/2026', 1],
    ['28/02/2026', 0],
    ['01/03/2026', 0],
    ['02/03/2026', 0],
    ['03/03/2026', 0],
    ['04/03/2026', 2],
  ]);
  expect(chartBuckets(aReport({ linhas: [] }))).toEqual([]);
});

test('by hour of the day the axis runs hour by hour', () => {
  const report = aReport({ agrupar: 'hora', linhas: [aBucket('11', { NU_Tentativas: 4 }), aBucket('08', { NU_Tentativas: 3 })] });
  expect(callsSeries(report)).toEqual({
    labels: ['08h', '09h', '10h', '11h'],
    attempts: [3, 0, 0, 4],
    answered: [0, 0, 0, 0],
    contactRate: [0, null, null, 0],
  });
});

test('calls: attempts and answered per bucket, the contact rate in percent (a gap where nothing was attempted)', () => {
  expect(callsSeries(aReport())).toEqual({
    labels: ['02/03/2026', '03/03/2026', '04/03/2026'],
    attempts: [40, 0, 20],
    answered: [10, 0, 6],
    contactRate: [25, null, 30],
  });
  expect(describeCalls(aReport())).toBe('3 dias: 60 tentativas e 16 atendidas, taxa de contato 26,7%. Mais tentativas em 02/03/2026 (40).');
  const oneHour = aReport({ agrupar: 'hora', linhas: [aBucket('09')], totais: aBucket('09') });
  expect(describeCalls(oneHour)).toBe('1 hora: 0 tentativas e 0 atendidas, taxa de contato —. Nenhuma tentativa.');
});

test('talk time: minutes on the axis, the seconds kept for the tooltips, the longest bucket named', () => {
  expect(talkSeries(aReport())).toEqual({
    labels: ['02/03/2026', '03/03/2026', '04/03/2026'],
    seconds: [1500, 0, 900],
    minutes: [25, 0, 15],
  });
  expect(asMinutes(95)).toBe(1.6);
  expect(describeTalk(aReport())).toBe('Tempo falado no período: 0:40:00. Maior em 02/03/2026 (0:25:00).');
  expect(describeTalk(aReport({ linhas: [aBucket('2026-03-02')], totais: aBucket('2026-03-02') }))).toBe(
    'Tempo falado no período: 0:00:00.',
  );
});

test('outcomes: the codes recorded, most frequent first, with their shares', () => {
  expect(outcomeSeries(aReport())).toEqual({
    labels: ['Não atende', 'Sem interesse', 'Virou cliente', 'Sem margem'],
    counts: [5, 4, 3, 1],
    shares: [5 / 13, 4 / 13, 3 / 13, 1 / 13],
    total: 13,
  });
  expect(describeOutcomes(aReport())).toBe(
    '13 resultados. Não atende: 5 (38,5%); Sem interesse: 4 (30,8%); Virou cliente: 3 (23,1%); Sem margem: 1 (7,7%).',
  );
  const none = aReport({ resultados: aReport().resultados.map((outcome) => ({ ...outcome, NU_Quantidade: 0 })) });
  expect(outcomeSeries(none).labels).toEqual([]);
  expect(describeOutcomes(none)).toBe('Nenhum resultado registrado no período.');
});

test('pauses: the reasons used, longest first', () => {
  expect(pauseSeries(aReport())).toEqual({ labels: ['Almoço', 'Banheiro'], seconds: [3600, 1800], minutes: [60, 30] });
  expect(describePauses(aReport())).toBe('Almoço: 1:00:00; Banheiro: 0:30:00.');
  expect(describePauses(aReport({ pausas: [] }))).toBe('Nenhuma pausa no período.');
});
