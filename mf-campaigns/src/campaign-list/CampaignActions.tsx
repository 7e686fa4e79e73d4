import { TOAST_MS, type Campanha } from '@consig/shared';
import { campaignKeys, useApiMutation } from '@consig/shared/query';
import { useState, type ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { UploadDialog } from '../lib/upload/UploadDialog';
import { duplicateCampaign } from './api/duplicateCampaign';
import { pauseCampaign } from './api/pauseCampaign';
import { startCampaign } from './api/startCampaign';
import { AttendantsDialog } from './AttendantsDialog';
import { CampaignDataDialog } from './CampaignDataDialog';
import { DeleteCampaignDialog } from './DeleteCampaignDialog';
import { batchImportLink, PROVIDER_BATCH_UNAVAILABLE, providerBatchLink } from './providerBatchLink';

/** The row action tooltips of product-spec §2, each also the button's accessible name. */
export const ACTION_LABELS = {
  providerBatch: 'Solicitar lote via fornecedor',
  start: 'Iniciar',
  pause: 'Pausar',
  remove: 'Excluir',
  importCsv: 'Importar via CSV',
  duplicate: 'Duplicar',
  sendToCloud: 'Enviar dados para a nuvem',
  attendants: 'Definir atendentes',
  data: 'Ver dados da campanha',
} as const;

type Popup = 'delete' | 'upload' | 'attendants' | 'data' | null;

function ActionButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="button" className="cmp-icon-button" title={label} aria-label={label} onClick={onClick} disabled={disabled}>
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

/** The actions of one campaign row (supervisors and managers only; the caller decides). */
export function CampaignActions({ campaign }: { campaign: Campanha }) {
  const navigate = useNavigate();
  const [popup, setPopup] = useState<Popup>(null);
  const close = () => setPopup(null);
  const writes = { toastDuration: TOAST_MS.screens, invalidates: [campaignKeys.all] } as const;
  const start = useApiMutation({ mutationFn: startCampaign, ...writes });
  const pause = useApiMutation({ mutationFn: pauseCampaign, ...writes });
  const duplicate = useApiMutation({ mutationFn: duplicateCampaign, ...writes });
  const id = campaign.CampanhaID;

  const requestProviderBatch = () => {
    const link = providerBatchLink(id, campaign.ID_Orgao);
    if (link) navigate(link);
    else toast.error(PROVIDER_BATCH_UNAVAILABLE, { duration: TOAST_MS.screens });
  };

  return (
    <div className="cmp-row-actions">
      <ActionButton label={ACTION_LABELS.providerBatch} onClick={requestProviderBatch}>
        ⇩
      </ActionButton>
      <ActionButton label={ACTION_LABELS.start} onClick={() => start.mutate(id)} disabled={start.isPending}>
        ▶
      </ActionButton>
      <ActionButton label={ACTION_LABELS.pause} onClick={() => pause.mutate(id)} disabled={pause.isPending}>
        ⏸
      </ActionButton>
      <ActionButton label={ACTION_LABELS.remove} onClick={() => setPopup('delete')}>
        🗑
      </ActionButton>
      <ActionButton label={ACTION_LABELS.importCsv} onClick={() => navigate(batchImportLink(id))}>
        ⇪
      </ActionButton>
      <ActionButton label={ACTION_LABELS.duplicate} onClick={() => duplicate.mutate(id)} disabled={duplicate.isPending}>
        ⧉
      </ActionButton>
      <ActionButton label={ACTION_LABELS.sendToCloud} onClick={() => setPopup('upload')}>
        ☁
      </ActionButton>
      <ActionButton label={ACTION_LABELS.attendants} onClick={() => setPopup('attendants')}>
        👥
      </ActionButton>
      <ActionButton label={ACTION_LABELS.data} onClick={() => setPopup('data')}>
        ⓘ
      </ActionButton>
      {popup === 'delete' ? <DeleteCampaignDialog campaign={campaign} onClose={close} /> : null}
      {popup === 'upload' ? <UploadDialog campaignId={id} onClose={close} /> : null}
      {popup === 'attendants' ? <AttendantsDialog campaign={campaign} onClose={close} /> : null}
      {popup === 'data' ? <CampaignDataDialog campaign={campaign} onClose={close} /> : null}
    </div>
  );
}
