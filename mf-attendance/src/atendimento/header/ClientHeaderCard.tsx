import type { Cliente } from '@consig/shared';
import { useId } from 'react';
import { useAttendanceStore } from '../state/AttendanceContext';
import { FigureList } from '../ui/FigureList';

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
      <FigureList
        className="att-client-card__facts"
        figures={[
          ['Nome', client.DE_Pessoa || '---'],
          ['CPF', client.DE_CPF || '---'],
          ['Nascimento', client.DE_Nascimento || '---'],
        ]}
      />
    </section>
  );
}
