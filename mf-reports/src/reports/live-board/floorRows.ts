import { secondsSince, type FloorAttendant, type FloorBoard, type FloorState } from '@consig/shared';

/** The board's filters: one campaign (null: 'Todas') and one state (null: 'Todos'). */
export interface FloorFilters {
  campaign: FloorCampaign | null;
  state: FloorState | null;
}

export interface FloorCampaign {
  id: number;
  name: string;
}

export const NO_FILTERS: FloorFilters = { campaign: null, state: null };

/** The rows the filters let through, in the board's order. */
export const filterFloorRows = (rows: readonly FloorAttendant[], { campaign, state }: FloorFilters) =>
  rows.filter((row) => (campaign === null || row.ID_Campanha === campaign.id) && (state === null || row.CO_Estado === state));

/** The campaigns the rows work on, each once, by name. */
export function campaignsOf(rows: readonly FloorAttendant[]): FloorCampaign[] {
  const byId = new Map<number, FloorCampaign>();
  for (const row of rows) {
    if (row.ID_Campanha !== null && !byId.has(row.ID_Campanha)) {
      byId.set(row.ID_Campanha, { id: row.ID_Campanha, name: row.DE_Campanha ?? `Campanha ${row.ID_Campanha}` });
    }
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}

/** After-call work longer than the company's limit (the same test floorTotals counts with). */
export const isOverAfterCallLimit = (row: FloorAttendant, limitSeconds: number, now: number) =>
  row.CO_Estado === 'pos_atendimento' && secondsSince(row.TS_Estado, now) > limitSeconds;

/** The board with one attendant's row replaced by `row` (by AtendenteID), or added at the end when it had none. */
export function withFloorRow(board: FloorBoard, row: FloorAttendant): FloorBoard {
  const known = board.atendentes.some((attendant) => attendant.AtendenteID === row.AtendenteID);
  const atendentes = known
    ? board.atendentes.map((attendant) => (attendant.AtendenteID === row.AtendenteID ? row : attendant))
    : [...board.atendentes, row];
  return { ...board, atendentes };
}
