/** The campaign header bar: the campaign's description, or the spec's dashes while none is loaded (§2). */
export function CampaignBar({ campaignName }: { campaignName: string | null }) {
  return (
    <header className="consig-panel att-campaign-bar" aria-label="Campanha">
      {campaignName || '---'}
    </header>
  );
}
