import { errorText, LoadFailure, type Report, type ReportQuery } from '@consig/shared';
import { QueryLoading } from '@consig/shared/query';
import { lazy, Suspense, useState } from 'react';
import { usePeriodReport } from './api/getPeriodReport';
import { CallerNumbersTable } from './CallerNumbersTable';
import { ExportCsvButton } from './ExportCsvButton';
import { canonicalReportQuery } from './reportFilters';
import { ReportFiltersForm } from './ReportFiltersForm';
import { ReportSummary } from './ReportSummary';
import { ReportTable } from './ReportTable';

// The charts and Chart.js are a chunk of their own, fetched when a report first shows them: the live board and
// the remote's first load never carry them.
const ReportCharts = lazy(() => import('./charts/ReportCharts').then((module) => ({ default: module.ReportCharts })));

/** The report itself: totals, charts, the table by bucket and the caller numbers; or that there was no activity. */
function ReportBody({ report }: { report: Report }) {
  if (report.linhas.length === 0) return <p className="consig-empty">Nenhuma atividade no período.</p>;
  return (
    <>
      <ReportSummary totals={report.totais} />
      <Suspense fallback={<QueryLoading />}>
        <ReportCharts report={report} />
      </Suspense>
      <ReportTable report={report} />
      <CallerNumbersTable numbers={report.numeros} />
    </>
  );
}

/**
 * 'Relatórios' (roles 12 and 13; the API refuses anyone else): a period's calls, outcomes, proposals and time,
 * by day or by hour of the day, for the whole company, one campaign or one attendant. Nothing is asked before
 * 'Gerar relatório'; asking again for the same filters reads the report anew.
 */
export function PeriodReport() {
  const [query, setQuery] = useState<ReportQuery | null>(null);
  const report = usePeriodReport(query);

  const generate = (filters: ReportQuery) => {
    const next = canonicalReportQuery(filters);
    if (query !== null && JSON.stringify(next) === JSON.stringify(query)) void report.refetch();
    else setQuery(next);
  };

  return (
    <div className="rp-period">
      <ReportFiltersForm onSubmit={generate}>
        <ExportCsvButton query={report.data ? query : null} />
      </ReportFiltersForm>
      <ReportResult query={query} report={report} />
    </div>
  );
}

function ReportResult({ query, report }: { query: ReportQuery | null; report: ReturnType<typeof usePeriodReport> }) {
  if (query === null) return <p className="consig-empty">Escolha o período e os filtros e clique em 'Gerar relatório'.</p>;
  if (!report.data) {
    if (report.isError) return <LoadFailure what="gerar o relatório" error={report.error} onRetry={() => report.refetch()} />;
    return <QueryLoading slow={report.isSlow} />;
  }
  return (
    <>
      {report.isError && (
        <p role="alert" className="rp-warning">
          Não foi possível atualizar o relatório: {errorText(report.error)}
        </p>
      )}
      <ReportBody report={report.data} />
    </>
  );
}
