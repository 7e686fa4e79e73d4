import type { Cliente } from '@consig/shared';
import { useId } from 'react';
import { useController, useFormContext, type FieldPath } from 'react-hook-form';

export interface SelectOption {
  value: string | number;
  label: string;
}

interface Props {
  name: FieldPath<Cliente>;
  label: string;
  options: readonly SelectOption[];
  /** Codes (CO_Banco, ID_TipoConta…) are held as numbers, as the client record has them; texts as strings. */
  numeric?: boolean;
}

/**
 * A labelled select of the client form, laid out and wired like the forms kit's `Field` (label, error under
 * it, `aria-invalid`, `aria-describedby`). The first option, 'Selecione', is the empty value.
 */
export function SelectField({ name, label, options, numeric = false }: Props) {
  const { control } = useFormContext<Cliente>();
  const {
    field: { ref, value, onChange, onBlur, name: fieldName },
    fieldState,
  } = useController({ name, control });
  const id = useId();
  const errorId = `${id}-erro`;
  const error = fieldState.error?.message;
    return (
    <div className="consig-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={fieldName}
        ref={ref}
        value={(value as string | number | null | undefined) ?? ''}
        onBlur={onBlur}
        onChange={(event) => {
          const chosen = event.target.value;
          onChange(numeric ? (chosen === '' ? null : Number(chosen)) : chosen);
        }}
        aria-invalid={error ? true : false}
        aria-describedby={error ? errorId : undefined}
      >
        <option value="">Selecione</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
