import { ATTENDANT_STATUS, PAUSE_REASONS } from '@consig/shared';
import { useAttendantStatus } from '../api/getAttendantStatus';
import { Menu } from './Menu';
import { usePause } from './useWorkingDay';

const ITEMS = PAUSE_REASONS.map((reason) => ({ id: reason.ID_Status, label: reason.DE_Status }));
/** A pause reason's name ('Almoço'), or '' for none. */
export const reasonLabel = (id: number | null) => PAUSE_REASONS.find((reason) => reason.ID_Status === id)?.DE_Status ?? '';

/** The attendant's state as the server keeps it: 'Disponível' or 'Em pausa: Almoço' (survives a reload). */
export function statusLabel(status: { ID_Status: number; ID_MotivoPausa: number | null } | undefined): string {
  if (!status) return '';
  return status.ID_Status === ATTENDANT_STATUS.PAUSED ? `Em pausa: ${reasonLabel(status.ID_MotivoPausa)}` : 'Disponível';
}

/** The Pause tabulation menu (product-spec §2, §4): the pause reasons and 'Livre'. */
export function PauseMenu() {
  const { data: status } = useAttendantStatus();
  const pause = usePause();
  return (
    <Menu
      label="Pausa"
      status={<span role="status">{statusLabel(status)}</span>}
      items={ITEMS}
      busy={pause.isPending}
      onChoose={(item) => pause.mutate(item.id)}
    />
  );
}
