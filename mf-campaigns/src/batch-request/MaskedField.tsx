import { useFieldControl } from '@consig/shared/forms';
import type { BatchRequestFormValues } from './batchRequestBody';

type TextFieldName = {
  [K in keyof BatchRequestFormValues]: BatchRequestFormValues[K] extends string ? K : never;
}[keyof BatchRequestFormValues];

interface Props {
  name: TextFieldName;
  label: string;
  /** Rewrites what is typed (digits-only money, the rate cap…); the kit's `Field` offers only its own masks. */
  format: (typed: string) => string;
  inputMode?: 'numeric' | 'decimal';
  maxLength?: number;
}

/** A labelled text input of the batch form with its error under it, like the kit's `Field`, with a mask of this form. */
export function MaskedField({ name, label, format, inputMode = 'numeric', maxLength }: Props) {
  const { id, ref, value, onChange, onBlur, fieldName, error, errorId, errorAttributes } = useFieldControl<BatchRequestFormValues>(name);
  return (
    <div className="consig-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode={inputMode}
        maxLength={maxLength}
        name={fieldName}
        ref={ref}
        value={value as string}
        onBlur={onBlur}
        onChange={(event) => onChange(format(event.target.value))}
        {...errorAttributes}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
