import { CAMPAIGN_STATUS, IMPORT_STATUS } from '@consig/shared';

/**
 * Badge colours of the campaign list, in one place (product-spec §4 "Status badge colours": colour codes
 * exist for 26, 35, 72, 58 and for imports 99, 0, 63; their meaning is not shown, so they follow the
 * usual reading: blue new or running work, green going or done, purple under review, amber paused, red error).
 */
const NEUTRAL = 'var(--c-muted)';

const CAMPAIGN_COLORS: Record<number, string> = {
  [CAMPAIGN_STATUS.CRIADO]: 'var(--c-primary)',
  [CAMPAIGN_STATUS.EM_ANDAMENTO]: 'var(--c-success)',
  [CAMPAIGN_STATUS.EM_ANALISE]: '#6941c6', // white on it 6.6:1 (#7a5af8 was 4.5:1, at the very edge)
  [CAMPAIGN_STATUS.PAUSADO]: 'var(--c-warning)',
};

const IMPORT_COLORS: Record<number, string> = {
  [IMPORT_STATUS.PROCESSANDO]: 'var(--c-primary)',
  [IMPORT_STATUS.CONCLUIDO]: 'var(--c-success)',
  [IMPORT_STATUS.ERRO]: 'var(--c-danger)',
};

export const campaignStatusColor = (id: number) => CAMPAIGN_COLORS[id] ?? NEUTRAL;

/** No import yet ('Sem arquivo') reads as neutral. */
export const importStatusColor = (campaignImport: { ID_Status: number } | null) =>
  campaignImport == null ? NEUTRAL : (IMPORT_COLORS[campaignImport.ID_Status] ?? NEUTRAL);
