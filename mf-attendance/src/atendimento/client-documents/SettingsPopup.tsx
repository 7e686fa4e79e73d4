import { Dialog, SettingsIcon } from '@consig/shared';
import { useId, useState } from 'react';
import { useAttendance, useAttendanceStore } from '../state/AttendanceContext';
import { DocumentList } from './DocumentList';
import { DocumentUploadForm } from './DocumentUploadForm';
import './clientDocuments.css';

export const SETTINGS_POPUP_TITLE = 'Configurações e documentos';

/**
 * The settings/upload popup of the client service screen (product-spec §2): the show-data toggle (phone numbers
 * and the client's data shown or hidden, §2 "Phone panel", §6) and the client's documents:
 * RG/CNH, comprovante de residência and extrato, uploaded, listed, downloaded and deleted.
 */
export function SettingsPopup({ clientId }: { clientId: number }) {
  const [open, setOpen] = useState(false);
  const { showData } = useAttendance();
  const store = useAttendanceStore();
  const documentsTitle = useId();
  return (
    <>
      <button type="button" className="consig-button consig-button--ghost att-documents__open" onClick={() => setOpen(true)}>
        <SettingsIcon size={16} />
        {SETTINGS_POPUP_TITLE}
      </button>
      {open && (
        <Dialog title={SETTINGS_POPUP_TITLE} onClose={() => setOpen(false)}>
          <label className="att-switch att-documents__toggle">
            <input type="checkbox" role="switch" checked={showData} onChange={() => store.dispatch({ type: 'showDataToggled' })} />
            Mostrar dados do cliente
          </label>
          <section className="att-documents" aria-labelledby={documentsTitle}>
            <h3 id={documentsTitle}>Documentos do cliente</h3>
            <DocumentUploadForm clientId={clientId} />
            <DocumentList clientId={clientId} />
          </section>
        </Dialog>
      )}
    </>
  );
}
