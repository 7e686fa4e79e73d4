/**
 * 'Relatórios' → 'Relatórios' (docs/rules.md "Reports"): the figures of a period, by day or by hour of the day,
 * and the same as CSV. The totals are the sum of the buckets, so the table's 'Total' row and the buckets can
 * never disagree; rates and averages are the screen's (reportRates), from these counts.
 */
import {
  CALL_OUTCOMES,
  NO_ACTIVITY,
  PAUSE_REASONS,
  periodProblem,
  SHORT_CALL_MAX_S,
  reportRates,
  type Report,
  type ReportBucket,
  type ReportFigures,
  type ReportQuery,
} from '@consig/shared/contracts';
import { centsToDecimalText, toCents } from '@consig/shared/credit';
import type { CompanyScope } from '../auth/scope';
import { ApiError } from '../http/errors';
import { csvLine } from '../http/csv';
import { createReportsRepository, type ReportFilter } from './reports.repository';

/** The report's filter from the query, or a 400 naming what is wrong. */
export function reportFilter(query: ReportQuery, now: Date): ReportFilter {
  const { inicio, fim } = query;
  const problem = periodProblem(inicio, fim);
  if (problem) throw new ApiError(400, problem.text);
  return {
    first: inicio,
    last: fim,
    campaignId: query.ID_Campanha ?? null,
    attendantId: query.ID_Atendente ?? null,
    by: query.agrupar ?? 'dia',
    now,
  };
}

/** Adds `part`'s figures into `into` (money in cents, so sums stay exact). */
function add(into: ReportFigures, part: Partial<ReportFigures>): ReportFigures {
  const sum = { ...into };
  for (const [field, value] of Object.entries(part) as [keyof ReportFigures, number | string][]) {
    if (field === 'VL_Propostas') sum.VL_Propostas = centsToDecimalText(toCents(sum.VL_Propostas) + toCents(value as string));
    else (sum[field] as number) += value as number;
  }
  return sum;
}

/** The report's rows, read in one transaction: every figure from the same snapshot. */
function readFigures({ db, companyId }: CompanyScope, filter: ReportFilter) {
  return db.transaction(async (tx) => {
    const reports = createReportsRepository({ db: tx, companyId });
    await reports.withoutJit();
    const exists = await reports.filtersExist(filter);
    if (!exists.campaign) throw new ApiError(404, 'Campanha não encontrada.');
    if (!exists.attendant) throw new ApiError(404, 'Atendente não encontrado.');
    return {
      activity: await reports.activity(filter),
      states: await reports.stateSeconds(filter),
      numbers: await reports.callerNumbers(filter, SHORT_CALL_MAX_S),
    };
  });
}

export async function periodReport(scope: CompanyScope, filter: ReportFilter): Promise<Report> {
  const { activity, states, numbers } = await readFigures(scope, filter);

  const buckets = new Map<string, ReportFigures>();
  const into = (key: string, part: Partial<ReportFigures>) => buckets.set(key, add(buckets.get(key) ?? NO_ACTIVITY, part));
  const byCode = new Map<number, number>();
  for (const { key, outcomes, ...figures } of activity) {
    into(key, { ...figures, NU_Resultados: outcomes.reduce((sum, count) => sum + count, 0) });
    CALL_OUTCOMES.forEach(({ ID_Status }, index) => byCode.set(ID_Status, (byCode.get(ID_Status) ?? 0) + outcomes[index]));
  }
  const pauses = new Map<number, number>();
  for (const { key, state, reason, seconds } of states) {
    into(key, {
      NU_SegundosLogado: seconds,
      ...(state === 'pausa' ? { NU_SegundosPausa: seconds } : {}),
      ...(state === 'pos_atendimento' ? { NU_SegundosPosAtendimento: seconds } : {}),
    });
    if (state === 'pausa' && reason !== null) pauses.set(reason, (pauses.get(reason) ?? 0) + seconds);
  }

  const linhas: ReportBucket[] = [...buckets].sort(([a], [b]) => (a < b ? -1 : 1)).map(([DE_Chave, figures]) => ({ DE_Chave, ...figures }));
  return {
    inicio: filter.first,
    fim: filter.last,
    agrupar: filter.by,
    totais: linhas.reduce<ReportFigures>((total, { DE_Chave: _key, ...figures }) => add(total, figures), NO_ACTIVITY),
    linhas,
    resultados: CALL_OUTCOMES.map(({ ID_Status, DE_Status }) => ({ ID_Status, DE_Status, NU_Quantidade: byCode.get(ID_Status) ?? 0 })),
    pausas: PAUSE_REASONS.filter((reason) => pauses.has(reason.ID_Status)).map((reason) => ({
      ID_MotivoPausa: reason.ID_Status,
      DE_MotivoPausa: reason.DE_Status,
      NU_Segundos: pauses.get(reason.ID_Status)!,
    })),
    numeros: numbers,
  };
}

const HEADER = [
  'Tentativas',
  'Atendidas',
  'Recebidas',
  'Taxa de contato (%)',
  'Tempo falado (s)',
  'Tempo médio falado (s)',
  'Tempo de toque (s)',
  'Resultados',
  'Propostas',
  'Valor das propostas (R$)',
  'Conversão (%)',
  'Tempo logado (s)',
  'Tempo em pausa (s)',
  'Pós-atendimento (s)',
  'Ocupação (%)',
];

/** Brazilian spreadsheets read a comma as the decimal separator. */
const decimal = (value: number | null, digits: number) => (value === null ? '' : value.toFixed(digits).replace('.', ','));
const percent = (share: number | null) => decimal(share === null ? null : share * 100, 1);

function csvFigures(figures: ReportFigures): (string | number)[] {
  const rates = reportRates(figures);
  return [
    figures.NU_Tentativas,
    figures.NU_Atendidas,
    figures.NU_Recebidas,
    percent(rates.contactRate),
    figures.NU_SegundosFalados,
    rates.averageTalkSeconds ?? '',
    figures.NU_SegundosToque,
    figures.NU_Resultados,
    figures.NU_Propostas,
    figures.VL_Propostas.replace('.', ','),
    percent(rates.conversion),
    figures.NU_SegundosLogado,
    figures.NU_SegundosPausa,
    figures.NU_SegundosPosAtendimento,
    percent(rates.occupancy),
  ];
}

/** The report's table as CSV lines (the product's CSV rules; the route adds the BOM): buckets, then 'Total'. */
export function reportCsv(report: Report): string {
  const key = report.agrupar === 'hora' ? 'Hora' : 'Dia';
  const label = (bucket: string) => (report.agrupar === 'hora' ? `${bucket}h` : bucket.split('-').reverse().join('/'));
  return [
    csvLine([key, ...HEADER]),
    ...report.linhas.map((row) => csvLine([label(row.DE_Chave), ...csvFigures(row)])),
    csvLine(['Total', ...csvFigures(report.totais)]),
  ].join('');
}
