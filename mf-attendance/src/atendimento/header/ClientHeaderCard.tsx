import type { Cliente } from '@consig/shared';
import { useId } from 'react';
import { useAttendanceStore } from '../state/AttendanceContext';

interface Props {
  client: Cliente;
  editMode: boolean;
  showData: boolean;
}

/**
 * The 'Cadastro' header card (§2): name, CPF and birth date. The eye shows or hides the client's data (the
 * form and the phone numbers, §6 "show-data toggle"); the pencil toggles edit mode.
 */
export function ClientHeaderCard({ client, editMode, showData }: Props) {
  const store = useAttendanceStore();
  const titleId = useId();
  return (
    <section className="consig-panel att-client-card" aria-labelledby={titleId}>
      <div className="att-client-card__head">
        <h2 id={titleId}>Cadastro</h2>
        <button type="button" className="att-icon-button" aria-pressed={showData} onClick={() => store.dispatch({ type: 'showDataToggled' })}>
          {showData ? 'Ocultar dados' : 'Mostrar dados'}
        </button>
        <button type="button" className="att-icon-button" aria-label="Editar cadastro" aria-pressed={editMode} onClick={() => store.dispatch({ type: 'editModeToggled' })}>
          ✎
        </button>
      </div>
      <dl className="att-client-card__facts">
        <div>
          <dt>Nome</dt>
          <dd>{client.DE_Pessoa || '---'}</dd>
        </div>
        <div>
          <dt>CPF</dt>
          <dd>{client.DE_CPF || '---'}</dd>
        </div>
        <div>
          <dt>Nascimento</dt>
          <dd>{client.DE_Nascimento || '---'}</dd>
        </div>
      </dl>
    </section>
  );
}
