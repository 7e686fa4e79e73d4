import type { CallingHoursFormInput } from '@consig/shared';
import { useFieldControl } from '@consig/shared/forms';
import type { FieldPath } from 'react-hook-form';

type Name = FieldPath<CallingHoursFormInput>;

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
