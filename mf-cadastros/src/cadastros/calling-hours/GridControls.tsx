import type { CallingHoursFormInput } from '@consig/shared';
import { useFieldControl } from '@consig/shared/forms';
import type { FieldPath } from 'react-hook-form';

type Name = FieldPath<CallingHoursFormInput>;

/**
 * The controls of the grids: each sits in a table cell under a visible column header, so its label is for screen
 * readers and names its row ('Início de segunda-feira', 'Estado da restrição 2'); the error shows under the control.
 */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="field-error">
      {error}
    </p>
  ) : null;
}

/** A 0/1 field as a checkbox with its visible text (`role="switch"` for an on/off setting); `hint` completes its name. */
export function FlagCheckbox({ name, text, hint = '', asSwitch = false }: { name: Name; text: string; hint?: string; asSwitch?: boolean }) {
  const { id, ref, value, onChange, onBlur, fieldName } = useFieldControl<CallingHoursFormInput>(name);
  return (
    <div className="ch-check">
      <input
        id={id}
        ref={ref}
        type="checkbox"
        role={asSwitch ? 'switch' : undefined}
        name={fieldName}
        checked={value === 1}
        onBlur={onBlur}
        onChange={(event) => onChange(event.target.checked ? 1 : 0)}
      />
      <label htmlFor={id}>
        {text}
        {hint && <span className="consig-visually-hidden"> {hint}</span>}
      </label>
    </div>
  );
}

/** An 'HH:MM' field of a grid. */
export function TimeInput({ name, label, disabled = false }: { name: Name; label: string; disabled?: boolean }) {
  const { id, ref, value, onChange, onBlur, fieldName, error, errorId, errorAttributes } = useFieldControl<CallingHoursFormInput>(name);
  return (
    <div className="ch-control">
      <label htmlFor={id} className="consig-visually-hidden">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        type="time"
        name={fieldName}
        value={(value as string | null | undefined) ?? ''}
        disabled={disabled}
        onBlur={onBlur}
        onChange={(event) => onChange(event.target.value)}
        {...errorAttributes}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A select of a grid; `numeric` keeps the chosen value a number (a weekday). */
export function SelectInput({
  name,
  label,
  options,
  numeric = false,
  emptyLabel,
}: {
  name: Name;
  label: string;
  options: readonly { value: string | number; label: string }[];
  numeric?: boolean;
  emptyLabel?: string;
}) {
  const { id, ref, value, onChange, onBlur, fieldName, error, errorId, errorAttributes } = useFieldControl<CallingHoursFormInput>(name);
  return (
    <div className="ch-control">
      <label htmlFor={id} className="consig-visually-hidden">
        {label}
      </label>
      <select
        id={id}
        ref={ref}
        name={fieldName}
        value={(value as string | number | null | undefined) ?? ''}
        onBlur={onBlur}
        onChange={(event) => onChange(numeric ? Number(event.target.value) : event.target.value)}
        {...errorAttributes}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
