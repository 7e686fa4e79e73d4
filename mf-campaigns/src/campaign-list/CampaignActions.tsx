import {
  CloudUploadIcon,
  CopyIcon,
  DownloadIcon,
  FileUpIcon,
  InfoIcon,
  PauseIcon,
  PlayIcon,
  TOAST_MS,
  TrashIcon,
  UsersIcon,
  type Campaign,
  type LucideIcon,
} from '@consig/shared';
import { campaignKeys, useApiMutation } from '@consig/shared/query';
import { useState } from 'react';
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

/** An icon button named by its tooltip (the icon itself is hidden from assistive technology). */
function ActionButton({
  label,
  icon: Drawn,
  onClick,
  disabled,
}: {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button type="button" className="cmp-icon-button" title={label} aria-label={label} onClick={onClick} disabled={disabled}>
      <Drawn size={18} strokeWidth={1.8} aria-hidden="true" />
    </button>
  );
}

/** The actions of one campaign row (supervisors and managers only; the caller decides). */
export function CampaignActions({ campaign }: { campaign: Campaign }) {
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
      <ActionButton label={ACTION_LABELS.providerBatch} icon={DownloadIcon} onClick={requestProviderBatch} />
      <ActionButton label={ACTION_LABELS.start} icon={PlayIcon} onClick={() => start.mutate(id)} disabled={start.isPending} />
      <ActionButton label={ACTION_LABELS.pause} icon={PauseIcon} onClick={() => pause.mutate(id)} disabled={pause.isPending} />
      <ActionButton label={ACTION_LABELS.remove} icon={TrashIcon} onClick={() => setPopup('delete')} />
      <ActionButton label={ACTION_LABELS.importCsv} icon={FileUpIcon} onClick={() => navigate(batchImportLink(id))} />
      <ActionButton label={ACTION_LABELS.duplicate} icon={CopyIcon} onClick={() => duplicate.mutate(id)} disabled={duplicate.isPending} />
      <ActionButton label={ACTION_LABELS.sendToCloud} icon={CloudUploadIcon} onClick={() => setPopup('upload')} />
      <ActionButton label={ACTION_LABELS.attendants} icon={UsersIcon} onClick={() => setPopup('attendants')} />
      <ActionButton label={ACTION_LABELS.data} icon={InfoIcon} onClick={() => setPopup('data')} />
      {popup === 'delete' ? <DeleteCampaignDialog campaign={campaign} onClose={close} /> : null}
      {popup === 'upload' ? <UploadDialog campaignId={id} onClose={close} /> : null}
      {popup === 'attendants' ? <AttendantsDialog campaign={campaign} onClose={close} /> : null}
      {popup === 'data' ? <CampaignDataDialog campaign={campaign} onClose={close} /> : null}
    </div>
  );
}
