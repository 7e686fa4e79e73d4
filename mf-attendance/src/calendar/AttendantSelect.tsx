import { useAttendants } from '@consig/shared/query';
import { useId } from 'react';

/** Supervisors and managers: the team's callbacks ('Equipe') or one attendant's (GET /atendente, the shared read). */
export function AttendantSelect({ value, onChange }: { value: number | null; onChange: (attendantId: number | null) => void }) {
  const id = useId();
  const { data: attendants } = useAttendants();
  const options = attendants ?? [];
  // A chosen attendant not listed (yet, or any more) stays named by their id, so the select still says what is shown.
  const unlisted = value !== null && !options.some((attendant) => attendant.AtendenteID === value);
  return (
    <div className="att-cal-attendant">
      <label htmlFor={id}>Atendente</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}>
        <option value="">Equipe</option>
        {options.map((attendant) => (
          <option key={attendant.AtendenteID} value={attendant.AtendenteID}>
            {attendant.DE_Pessoa}
          </option>
        ))}
        {unlisted && <option value={value}>Atendente {value}</option>}
      </select>
    </div>
  );
}
