import { WEEKDAY_NAMES, type CallingHoursFormInput } from '@consig/shared';
import { useWatch } from 'react-hook-form';
import { Field } from '@consig/shared/forms';
import { FlagCheckbox } from './FlagCheckbox';
import { onWeekday, WEEKDAYS } from './weekdays';

/**
 * The week: each weekday 'Liga' or not, and its hours in the client's local time (start inclusive, end exclusive). A
 * day not called keeps its hours in disabled inputs, so ticking 'Liga' again brings them back.
 */
export function WeekGrid() {
  const days = useWatch<CallingHoursFormInput, 'dias'>({ name: 'dias' });
  return (
    <table className="consig-table ch-grid">
      <caption>Dias e horários (hora local do cliente)</caption>
      <thead>
        <tr>
          <th scope="col">Dia</th>
          <th scope="col">Liga</th>
          <th scope="col">Início</th>
          <th scope="col">Fim</th>
        </tr>
      </thead>
      <tbody>
        {WEEKDAYS.map((weekday, index) => {
          const name = WEEKDAY_NAMES[weekday];
          const closed = days[index]?.SN_Liga !== 1;
          return (
            <tr key={weekday}>
              <th scope="row">{name}</th>
              <td>
                <FlagCheckbox name={`dias.${index}.SN_Liga`} text="Liga" hint={onWeekday(weekday)} />
              </td>
              <td>
                <Field<CallingHoursFormInput>
                  name={`dias.${index}.HR_Inicio`}
                  label={`Início de ${name.toLowerCase()}`}
                  type="time"
                  hideLabel
                  disabled={closed}
                />
              </td>
              <td>
                <Field<CallingHoursFormInput>
                  name={`dias.${index}.HR_Fim`}
                  label={`Fim de ${name.toLowerCase()}`}
                  type="time"
                  hideLabel
                  disabled={closed}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
