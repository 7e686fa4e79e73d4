import { errorText, type FloorAttendant, floorTotals, LoadFailure, ROLE, useSession } from '@consig/shared';
import { QueryLoading } from '@consig/shared/query';
import { useId, useState } from 'react';
import { AfterCallLimitForm } from './AfterCallLimitForm';
import { useFloorBoard } from './api/getFloorBoard';
import { FloorFiltersBar } from './FloorFiltersBar';
import { filterFloorRows, NO_FILTERS, type FloorFilters } from './floorRows';
import { FloorTable } from './FloorTable';
import { FloorTotalsStrip } from './FloorTotalsStrip';
import { ListeningBar } from './listening/ListeningBar';
import { useListening } from './listening/useListening';
import { useFloorChangeAlerts } from './useFloorChangeAlerts';
import { useServerNow } from './useServerNow';

const NO_ROWS: readonly FloorAttendant[] = [];

/**
 * 'Ao vivo', the supervisor's live board (roles 12 and 13; the API refuses anyone else): the totals of the
 * whole floor (and, for a manager, the company's after-call limit), then the attendants the filters let through. Rows change by alert 1092 as they happen; the
 * board is read again every minute and after a realtime outage. Times tick every second on the server's clock.
 */
export function LiveBoard() {
  const titleId = useId();
  const board = useFloorBoard();
  useFloorChangeAlerts();
  const now = useServerNow(board.data?.TS_Servidor, board.dataUpdatedAt);
  const [filters, setFilters] = useState<FloorFilters>(NO_FILTERS);
  const listening = useListening(board.data?.atendentes ?? NO_ROWS);
  const manager = useSession().user?.ID_Funcao === ROLE.GERENTE;

  if (!board.data) {
    if (board.isError) return <LoadFailure what="carregar o painel ao vivo" error={board.error} onRetry={() => board.refetch()} />;
    return <QueryLoading slow={board.isSlow} />;
  }

  const { atendentes, NU_LimitePosAtendimento: limitSeconds, NU_RetornosVencidos } = board.data;
  if (atendentes.length === 0) return <p className="consig-empty">Nenhum atendente cadastrado.</p>;

  return (
    <div className="rp-live">
      <FloorTotalsStrip
        totals={floorTotals(atendentes, limitSeconds, now)}
        attendants={atendentes.length}
        limitSeconds={limitSeconds}
        overdueCallbacks={NU_RetornosVencidos}
      />
      {manager && <AfterCallLimitForm key={limitSeconds} limitSeconds={limitSeconds} />}
      <section className="rp-attendants" aria-labelledby={titleId}>
        <div className="rp-attendants__head">
          <h2 id={titleId}>Atendentes</h2>
          <FloorFiltersBar rows={atendentes} filters={filters} onChange={setFilters} />
        </div>
        {board.isError && (
          <p role="alert" className="rp-warning">
            Não foi possível atualizar o painel: {errorText(board.error)}
          </p>
        )}
        {listening.state.phase !== 'idle' && <ListeningBar state={listening.state} onStop={() => void listening.stop()} />}
        <FloorTable
          titleId={titleId}
          rows={filterFloorRows(atendentes, filters)}
          limitSeconds={limitSeconds}
          now={now}
          onListen={(row) => void listening.start(row)}
          listening={listening.state.phase !== 'idle'}
        />
      </section>
    </div>
  );
}
