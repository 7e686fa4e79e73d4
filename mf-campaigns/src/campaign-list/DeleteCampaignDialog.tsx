import { TOAST_MS, type Campaign } from '@consig/shared';
import { campaignKeys, useApiMutation } from '@consig/shared/query';
import { Dialog } from '@consig/shared';
import { deleteCampaign } from './api/deleteCampaign';

/** Asks before DELETE /cadastro/campanha/{id}: the campaign goes with its queue, attendants and imports. */
export function DeleteCampaignDialog({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const remove = useApiMutation({
    mutationFn: deleteCampaign,
    toastDuration: TOAST_MS.screens,
    invalidates: [campaignKeys.all],
  });

  return (
    <Dialog title="Excluir campanha" onClose={onClose}>
      <p>
        Excluir a campanha {campaign.CO_Campanha} ({campaign.DE_Campanha})? A fila, os atendentes vinculados e as importações dela também
        serão excluídos.
      </p>
      <div className="cmp-dialog__actions">
        <button type="button" className="consig-button consig-button--ghost" onClick={onClose}>
          Cancelar
        </button>
        <button
          type="button"
          className="consig-button"
          disabled={remove.isPending}
          // Closed either way: a refusal ('Pause a campanha antes de excluí-la.') is its toast.
          onClick={() => remove.mutate(campaign.CampanhaID, { onSettled: onClose })}
        >
          Excluir
        </button>
      </div>
    </Dialog>
  );
}
