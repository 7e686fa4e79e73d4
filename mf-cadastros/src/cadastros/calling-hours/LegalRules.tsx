import { TableHead, WEEKDAY_NAMES, type LegalStateRule } from '@consig/shared';
import { brazilianDay } from './weekdays';

/** 'Segunda-feira a Sexta-feira, 08:00–18:00': consecutive weekdays with the same hours, one run each. */
function lawHours(days: LegalStateRule['dias']): string {
  const runs: { first: number; last: number; hours: string }[] = [];
  for (const day of [...days].sort((a, b) => a.NU_DiaSemana - b.NU_DiaSemana)) {
    const hours = `${day.HR_Inicio}–${day.HR_Fim}`;
    const run = runs.at(-1);
    if (run && run.hours === hours && run.last === day.NU_DiaSemana - 1) run.last = day.NU_DiaSemana;
    else runs.push({ first: day.NU_DiaSemana, last: day.NU_DiaSemana, hours });
  }
  return runs
    .map(({ first, last, hours }) => `${WEEKDAY_NAMES[first]}${last > first ? ` a ${WEEKDAY_NAMES[last]}` : ''}, ${hours}`)
    .join('; ');
}

/** The state laws the API applies on top of the company's hours: read-only, with the text each comes from. */
export function LegalRules({ rules, titleId }: { rules: readonly LegalStateRule[]; titleId: string }) {
  if (rules.length === 0) return <p className="cd-note">Nenhuma lei estadual de horário cadastrada.</p>;
  return (
    <div className="cd-table-scroll" tabIndex={0} role="group" aria-labelledby={titleId}>
      <table className="consig-table" aria-labelledby={titleId}>
        <TableHead columns={['Estado', 'Horários permitidos', 'Feriados nacionais', 'Desde', 'Fonte']} />
        <tbody>
          {rules.map((rule) => (
            <tr key={`${rule.SG_UF} ${rule.DT_Inicio}`}>
              <td>{rule.SG_UF}</td>
              <td>{lawHours(rule.dias)}</td>
              <td>{rule.SN_Feriados === 1 ? 'Permitidos' : 'Proibidos'}</td>
              <td>{brazilianDay(rule.DT_Inicio)}</td>
              <td>{rule.DE_Fonte}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
