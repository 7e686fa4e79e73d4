import { campaignStatusLabel, importStatusLabel, type Campaign } from '@consig/shared';
import { campaignStatusColor, importStatusColor } from './statusColors';
import { StatusBadge } from './StatusBadge';
import { CampaignActions } from './CampaignActions';
import { CallerNumberSelect } from './CallerNumberSelect';

/**
 * One campaign; `manage` (roles 12 and 13) adds its caller number ('Número de saída') and its actions, which the
 * API refuses to anyone else anyway.
 */
export function CampaignRow({ campaign, manage }: { campaign: Campaign; manage: boolean }) {
  return (
    <tr>
      <td data-label="Código">{campaign.CO_Campanha}</td>
      {/* A long name wraps (theme.css); the tooltip shows it whole all the same. */}
      <td data-label="Nome" className="consig-cell--name" title={campaign.DE_Campanha}>
        {campaign.DE_Campanha}
      </td>
      <td data-label="Status campanha">
        <StatusBadge label={campaignStatusLabel(campaign.ID_Status)} color={campaignStatusColor(campaign.ID_Status)} />
      </td>
      <td data-label="Status processamento">
        <StatusBadge label={importStatusLabel(campaign.importacao)} color={importStatusColor(campaign.importacao)} />
      </td>
      {manage ? (
        <td data-label="Número de saída">
          <CallerNumberSelect campaign={campaign} />
        </td>
      ) : null}
      <td data-label={manage ? 'Ações' : undefined}>{manage ? <CampaignActions campaign={campaign} /> : null}</td>
    </tr>
  );
}
