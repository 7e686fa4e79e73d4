import { PencilIcon, type Client } from '@consig/shared';
import { clientKeys } from '@consig/shared/query';
import { useId } from 'react';
import { saveClient } from '../api/saveClient';
import type { ClientFormControls } from '../client-form/useClientForm';
import { useAttendanceStore } from '../state/AttendanceContext';
import { staleOperations } from '../state/operations';
import { readableServerError } from '../submit/serverFieldErrors';
import { clientPayload } from '../submit/submission';
import { useGuardedMutation } from '../submit/useDelayedSubmit';
import { FigureList } from '../ui/FigureList';

interface Props {
  client: Client;
  editMode: boolean;
  showData: boolean;
  /** The client form, which 'Salvar' validates and sends and 'Cancelar' returns to the saved record. */
  clientForm: ClientFormControls;
}

/** 'Salvar' and 'Cancelar' of edit mode: PUT /crm/cliente/{ClienteID} with the form in full mode. */
function EditActions({ clientForm }: { clientForm: ClientFormControls }) {
  const store = useAttendanceStore();
  const { pending, submit } = useGuardedMutation({
    mutationFn: (body: Client) =>
      saveClient(clientPayload(body)).catch((error: unknown) => {
        throw readableServerError(error, { clientBody: true, showClientFieldError: clientForm.showFieldError });
      }),
    // A salary changes the private credit card's margin (docs/rules.md "Private payroll credit (CCP)"): the cards
    // show the operations read again.
    invalidates: (body) => [clientKeys.detail(String(body.ClienteID)), ...staleOperations(store.getState().clientId)],
    // The saved record is what the form starts from now.
    onSuccess: ({ data }) => {
      clientForm.saved(data.cliente);
      store.dispatch({ type: 'clientSaved', client: data.cliente });
    },
  });

  const save = async () => {
    const valid = await clientForm.validate('full');
    if (valid) await submit(valid);
  };
  const cancel = () => {
    clientForm.discard();
    store.dispatch({ type: 'editModeToggled' });
  };

  return (
    <div className="att-client-card__edit-actions">
      <button type="button" className="consig-button" onClick={() => void save()} disabled={pending} aria-busy={pending}>
        {pending ? 'Salvando...' : 'Salvar'}
      </button>
      <button type="button" className="consig-button consig-button--ghost" onClick={cancel} disabled={pending}>
        Cancelar
      </button>
    </div>
  );
}

/**
 * The 'Cadastro' header card (§2): name, CPF and birth date. The eye shows or hides the client's data (the
 * form and the phone numbers, §6 "show-data toggle"); the pencil toggles edit mode, in which 'Salvar' saves the
 * form and 'Cancelar' drops its edits.
 */
export function ClientHeaderCard({ client, editMode, showData, clientForm }: Props) {
  const store = useAttendanceStore();
  const titleId = useId();
  return (
    <section className="consig-panel att-client-card" aria-labelledby={titleId}>
      <div className="att-client-card__head">
        <h2 id={titleId}>Cadastro</h2>
        <button
          type="button"
          className="att-icon-button"
          aria-pressed={showData}
          onClick={() => store.dispatch({ type: 'showDataToggled' })}
        >
          {showData ? 'Ocultar dados' : 'Mostrar dados'}
        </button>
        <button
          type="button"
          className="att-icon-button"
          aria-label="Editar cadastro"
          aria-pressed={editMode}
          onClick={() => store.dispatch({ type: 'editModeToggled' })}
        >
          <PencilIcon size={18} aria-hidden="true" />
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
      {editMode && <EditActions clientForm={clientForm} />}
    </section>
  );
}
