import { TOAST_MS, type Campaign } from '@consig/shared';
import { campaignKeys, QueryLoading, useApiMutation, useEditableQuery } from '@consig/shared/query';
import { useState } from 'react';
import { Dialog } from '@consig/shared';
import { getCampaignAttendantsQueryOptions } from './api/getCampaignAttendants';
import { saveCampaignAttendants } from './api/saveCampaignAttendants';

/**
 * 'Definir atendentes': the company's active attendants, ticked when selected in this campaign, as read when the
 * dialog opened ('Salvar' sends every box: a cached copy would send someone's old selection back).
 */
export function AttendantsDialog({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const attendants = useEditableQuery(getCampaignAttendantsQueryOptions(campaign.CampanhaID));
  // The user's changes only; the rest read from the server's SN_Selecionado.
  const [changed, setChanged] = useState<Record<number, boolean>>({});
  const save = useApiMutation({
    mutationFn: saveCampaignAttendants,
    toastDuration: TOAST_MS.screens,
    invalidates: [campaignKeys.all],
    onSuccess: onClose,
  });

  const list = attendants.current ?? [];
  const isSelected = (id: number, saved: number) => changed[id] ?? saved === 1;

  const submit = () =>
    save.mutate({
      ID_Campanha: campaign.CampanhaID,
      atendentes: list.map((a) => ({ ID_Atendente: a.ID_Atendente, SN_Selecionado: isSelected(a.ID_Atendente, a.SN_Selecionado) ? 1 : 0 })),
    });

  return (
    <Dialog title="Definir atendentes" onClose={onClose}>
      <p>
        {campaign.CO_Campanha} — {campaign.DE_Campanha}
      </p>
      {!attendants.current && !attendants.isError ? (
        <QueryLoading slow={attendants.isSlow} />
      ) : list.length === 0 ? (
        <p className="consig-empty">Nenhum atendente ativo.</p>
      ) : (
        <ul className="cmp-checklist" aria-label="Atendentes">
          {list.map((attendant) => (
            <li key={attendant.ID_Atendente}>
              <label>
                <input
                  type="checkbox"
                  checked={isSelected(attendant.ID_Atendente, attendant.SN_Selecionado)}
                  onChange={(event) => setChanged((current) => ({ ...current, [attendant.ID_Atendente]: event.target.checked }))}
                />{' '}
                {attendant.DE_Pessoa}
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="cmp-dialog__actions">
        <button type="button" className="consig-button consig-button--ghost" onClick={onClose}>
          Cancelar
        </button>
        <button
          type="button"
          className="consig-button"
          disabled={!attendants.current || list.length === 0 || save.isPending}
          onClick={submit}
        >
          {save.isPending ? 'Salvando...' : 'Salvar'}
        </button>
      </div>
    </Dialog>
  );
}
