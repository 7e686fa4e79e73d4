import { campaignStatusLabel, importStatusLabel, type Campanha } from '@consig/shared';
import { campaignStatusColor, importStatusColor } from './statusColors';
import { StatusBadge } from './StatusBadge';

export function CampaignRow({ campaign }: { campaign: Campanha }) {
  return (
    <tr>
      <td>{campaign.CO_Campanha}</td>
      <td>{campaign.DE_Campanha}</td>
      <td>
        <StatusBadge label={campaignStatusLabel(campaign.ID_Status)} color={campaignStatusColor(campaign.ID_Status)} />
      </td>
      <td>
        <StatusBadge label={importStatusLabel(campaign.importacao)} color={importStatusColor(campaign.importacao)} />
      </td>
      {/* The row actions (start, pause, import, …) arrive with campaign management. */}
      <td />
    </tr>
  );
}
