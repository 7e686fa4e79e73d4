import { UFS, type CallingHoursFormInput } from '@consig/shared';
import { useFieldArray } from 'react-hook-form';
import { Field, SelectField } from '@consig/shared/forms';
import { WEEKDAY_OPTIONS } from './weekdays';

const STATE_OPTIONS = UFS.map((uf) => ({ value: uf, label: uf }));

/** A new row: the state still to choose, Monday, the default hours. */
const NEW_NARROWING = { SG_UF: '', NU_DiaSemana: 1, HR_Inicio: '08:00', HR_Fim: '18:00' };

/**
 * The company's own narrowings: on one weekday, the clients of one state are called only inside these hours (and the
 * day's, and the state's law). Rows are added and removed here and saved with the rest of the form.
 */
export function StateNarrowings({ titleId }: { titleId: string }) {
  const { fields, append, remove } = useFieldArray<CallingHoursFormInput, 'restricoes'>({ name: 'restricoes' });
  return (
    <>
      {fields.length === 0 ? (
        <p className="cd-note">Nenhuma restrição: os clientes de todos os estados seguem os horários do dia.</p>
      ) : (
        <table className="consig-table ch-grid" aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">Estado</th>
              <th scope="col">Dia</th>
              <th scope="col">Início</th>
              <th scope="col">Fim</th>
              <th scope="col">Ações</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field, index) => {
              const which = `da restrição ${index + 1}`;
              return (
                <tr key={field.id}>
                  <td>
                    <SelectField<CallingHoursFormInput>
                      name={`restricoes.${index}.SG_UF`}
                      label={`Estado ${which}`}
                      options={STATE_OPTIONS}
                      emptyLabel="UF"
                      hideLabel
                    />
                  </td>
                  <td>
                    <SelectField<CallingHoursFormInput>
                      name={`restricoes.${index}.NU_DiaSemana`}
                      label={`Dia ${which}`}
                      options={WEEKDAY_OPTIONS}
                      numeric
                      emptyLabel={null}
                      hideLabel
                    />
                  </td>
                  <td>
                    <Field<CallingHoursFormInput> name={`restricoes.${index}.HR_Inicio`} label={`Início ${which}`} type="time" hideLabel />
                  </td>
                  <td>
                    <Field<CallingHoursFormInput> name={`restricoes.${index}.HR_Fim`} label={`Fim ${which}`} type="time" hideLabel />
                  </td>
                  <td>
                    <button type="button" className="consig-button consig-button--ghost" onClick={() => remove(index)}>
                      Remover<span className="consig-visually-hidden"> restrição {index + 1}</span>
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <div>
        <button type="button" className="consig-button consig-button--ghost" onClick={() => append(NEW_NARROWING)}>
          Adicionar restrição
        </button>
      </div>
    </>
  );
}
