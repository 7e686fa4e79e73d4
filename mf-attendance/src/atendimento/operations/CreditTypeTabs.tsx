import { CREDIT_TYPES, type Operation } from '@consig/shared';
import { useAttendanceStore } from '../state/AttendanceContext';

/**
 * The credit-type tab strip (§2): one tab per type; a type without an operation for this client is disabled.
 * A click selects that type's operation (the store changes the benefit type unless it is already selected).
 */
export function CreditTypeTabs({ operations, selected }: { operations: Operation[]; selected: number | null }) {
  const store = useAttendanceStore();
  return (
    <div role="tablist" aria-label="Tipos de crédito" className="att-tabs">
      {CREDIT_TYPES.map(({ ID_TipoCredito, label }) => {
        const operation = operations.find((candidate) => candidate.ID_TipoCredito === ID_TipoCredito);
        const active = operation !== undefined && operation.OperacaoID === selected;
        return (
          <button
            key={ID_TipoCredito}
            type="button"
            role="tab"
            aria-selected={active}
            className={active ? 'att-tab att-tab--active' : 'att-tab'}
            disabled={!operation}
            onClick={() => operation && store.dispatch({ type: 'operationSelected', operationId: operation.OperacaoID })}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}
