import { TableHead, type FloorAttendant } from '@consig/shared';
import { useState } from 'react';
import { FloorRow } from './FloorRow';
import { PauseDialog } from './PauseDialog';
import { TableScroll } from '../TableScroll';

const COLUMNS = [
  'Atendente',
  'Estado',
  'Tempo no estado',
  'Campanha',
  'Cliente',
  'Ligações',
  'Tempo falado',
  'Propostas',
  'Valor',
  'Ações',
] as const;

interface Props {
  titleId: string;
  rows: readonly FloorAttendant[];
  limitSeconds: number;
  now: number;
  onListen: (row: FloorAttendant) => void;
  listening: boolean;
}

/** The attendants the filters let through, one row each, and the pause dialog of the one being paused. */
export function FloorTable({ titleId, rows, limitSeconds, now, onListen, listening }: Props) {
  const [pausing, setPausing] = useState<FloorAttendant | null>(null);
  return (
    <TableScroll labelledBy={titleId}>
      <table className="consig-table rp-table" aria-labelledby={titleId}>
        <TableHead columns={COLUMNS} />
        <tbody>
          {rows.map((row) => (
            <FloorRow
              key={row.AtendenteID}
              row={row}
              limitSeconds={limitSeconds}
              now={now}
              onPause={setPausing}
              onListen={onListen}
              listening={listening}
            />
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={COLUMNS.length} className="consig-empty">
                Nenhum atendente para os filtros selecionados.
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {pausing && <PauseDialog attendant={pausing} onClose={() => setPausing(null)} />}
    </TableScroll>
  );
}
