import { useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import type { SelectOption } from '@consig/shared/forms';
import type { BatchRequestFormValues } from './batchRequestBody';

interface Props {
  name: 'especies' | 'bancoEmprestimo' | 'bancoPagamento' | 'estados';
  label: string;
  options: readonly SelectOption[];
}

/** A labelled multiple select for the payload's lists (species, banks, states); none chosen is no filter. */
export function MultiSelectField({ name, label, options }: Props) {
  const { control } = useFormContext<BatchRequestFormValues>();
  const {
    field: { ref, value, onChange, onBlur, name: fieldName },
  } = useController({ name, control });
  const chosen: string[] = value.map(String);
  const id = useId();
  // States are codes ('SP'); species and banks are numeric ids.
  const numeric = name !== 'estados';
  return (
    <div className="consig-field batch-request__list">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        multiple
        size={6}
        name={fieldName}
        ref={ref}
        value={chosen}
        onBlur={onBlur}
        onChange={(event) => {
          const picked = Array.from(event.target.selectedOptions, (option) => option.value);
          onChange(numeric ? picked.map(Number) : picked);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
