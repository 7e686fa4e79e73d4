import { campaignStatusLabel, importStatusLabel, type Campanha } from '@consig/shared';
import { campaignStatusColor, importStatusColor } from './statusColors';
import { StatusBadge } from './StatusBadge';
import { CampaignActions } from './CampaignActions';

/** One campaign; `manage` (roles 12 and 13) adds its actions, which the API refuses to anyone else anyway. */
export function CampaignRow({ campaign, manage }: { campaign: Campanha; manage: boolean }) {
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
      <td>{manage ? <CampaignActions campaign={campaign} /> : null}</td>
    </tr>
  );
}
