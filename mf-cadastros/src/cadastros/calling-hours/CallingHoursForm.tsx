import {
  callingHoursForm,
  errorText,
  type CallingHours,
  type CallingHoursForm as FormValues,
  type CallingHoursFormInput,
} from '@consig/shared';
import { Form, SubmitButton, useZodForm } from '@consig/shared/forms';
import { useId } from 'react';
import type { FieldPath } from 'react-hook-form';
import { useSaveCallingHours } from './api/saveCallingHours';
import { FlagCheckbox } from './FlagCheckbox';
import { StateNarrowings } from './StateNarrowings';
import { WeekGrid } from './WeekGrid';
import { WEEKDAYS } from './weekdays';

/** A closed day's inputs start with the default hours, so ticking 'Liga' gives a valid day at once. */
const DEFAULT_HOURS = { HR_Inicio: '08:00', HR_Fim: '18:00' };

/** The form's values from the API's setting: the seven days Monday first, the holidays, the narrowings. */
function formValues(setting: CallingHours): CallingHoursFormInput {
  return {
    dias: WEEKDAYS.map((weekday) => {
      const day = setting.dias.find((d) => d.NU_DiaSemana === weekday);
      return day?.SN_Liga === 1 && day.HR_Inicio && day.HR_Fim
        ? { NU_DiaSemana: weekday, SN_Liga: 1, HR_Inicio: day.HR_Inicio, HR_Fim: day.HR_Fim }
        : { NU_DiaSemana: weekday, SN_Liga: 0, ...DEFAULT_HOURS };
    }),
    SN_Feriados: setting.SN_Feriados,
    restricoes: setting.restricoes.map(({ SG_UF, NU_DiaSemana, HR_Inicio, HR_Fim }) => ({ SG_UF, NU_DiaSemana, HR_Inicio, HR_Fim })),
  };
}

/** The field an API refusal names ('restricoes.1.NU_DiaSemana: …'), to show its text there as well as in the toast. */
const REFUSED_FIELD = /^((?:dias|restricoes)\.\d+\.[A-Za-z_]+|SN_Feriados): (.+)$/;

/**
 * The editable part of 'Horários': the week, the holidays switch and the narrowings per state, checked by the API's
 * own schema and texts before they are sent, and saved together with 'Salvar horários'.
 */
export function CallingHoursForm({ setting }: { setting: CallingHours }) {
  const narrowingsId = useId();
  const form = useZodForm(callingHoursForm, { defaultValues: formValues(setting) });
  const save = useSaveCallingHours();

  const send = async (values: FormValues) => {
    try {
      const { data } = await save.mutateAsync(values);
      // As saved (narrowings sorted by state and day); a later refetch leaves the form alone while someone types.
      form.reset(formValues(data));
    } catch (error) {
      // The toast already shows the refusal; a field's own goes under the field too.
      const [, field, text] = REFUSED_FIELD.exec(errorText(error)) ?? [];
      if (field) form.setError(field as FieldPath<CallingHoursFormInput>, { type: 'server', message: text }, { shouldFocus: true });
    }
  };

  return (
    <Form form={form} onSubmit={send} className="ch-form" aria-label="Horários de ligação">
      <WeekGrid />
      <div className="ch-holidays-setting">
        <FlagCheckbox name="SN_Feriados" text="Feriados nacionais" asSwitch />
        <p className="cd-note">Ligado: a empresa liga também nos feriados nacionais, nos horários do dia da semana.</p>
      </div>
      <section aria-labelledby={narrowingsId} className="ch-section">
        <h3 id={narrowingsId}>Restrições por estado</h3>
        <p className="cd-note">
          Em um dia da semana, os clientes de um estado só recebem ligações dentro destes horários, além dos horários do dia e da lei
          estadual.
        </p>
        <StateNarrowings titleId={narrowingsId} />
      </section>
      <div className="ch-actions">
        <SubmitButton busyLabel="Salvando...">Salvar horários</SubmitButton>
      </div>
    </Form>
  );
}
