import { canManageCampaigns, TableHead, useSession } from '@consig/shared';
import { useState } from 'react';
import { QueryLoading, useAttendants } from '@consig/shared/query';
import { useCampaigns } from '@consig/shared/query';
import { CampaignRow } from './CampaignRow';
import { CreateCampaignDialog } from './CreateCampaignDialog';

const COLUMNS = ['Código', 'Nome', 'Status campanha', 'Status processamento', 'Ações'];
/** Supervisors and managers also choose each campaign's caller number (an extension of the spec's columns). */
const MANAGER_COLUMNS = ['Código', 'Nome', 'Status campanha', 'Status processamento', 'Número de saída', 'Ações'];

/** /campanhas (product-spec §2 "Campaign list"). */
export function CampaignListPage() {
  const campaigns = useCampaigns();
  // Loaded on entry (product-spec §2); they feed the 'Definir atendentes' popup.
  useAttendants();
  const list = campaigns.data ?? [];
  const { user } = useSession();
  // product-spec §6: the list actions are the campaign managers' (supervisors and managers).
  const manage = user ? canManageCampaigns(user.ID_Funcao) : false;
  const [creating, setCreating] = useState(false);

  return (
    <section className="consig-panel" aria-labelledby="campaigns-title">
      <h2 id="campaigns-title">Campanhas</h2>
      {manage ? (
        <div className="cmp-toolbar">
          <button type="button" className="consig-button" onClick={() => setCreating(true)}>
            Criar campanha
          </button>
        </div>
      ) : null}
      {creating ? <CreateCampaignDialog onClose={() => setCreating(false)} /> : null}
      {campaigns.isPending ? (
        <QueryLoading slow={campaigns.isSlow} />
      ) : campaigns.isError ? (
        // The query client already toasted the reason; this keeps the area usable.
        <div role="alert">
          <p className="consig-empty">Não foi possível carregar as campanhas.</p>
          <button type="button" className="consig-button" onClick={() => campaigns.refetch()}>
            Tentar novamente
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className="consig-empty">Nenhuma campanha cadastrada.</p>
      ) : (
        <table className="consig-table" aria-labelledby="campaigns-title">
          <TableHead columns={manage ? MANAGER_COLUMNS : COLUMNS} />
          <tbody>
            {list.map((campaign) => (
              <CampaignRow key={campaign.CampanhaID} campaign={campaign} manage={manage} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
