import { useId, type InputHTMLAttributes } from 'react';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';
import { FIELD_MASKS, type MaskName } from './masks';

type Props<TValues extends FieldValues> = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'id'> & {
  name: FieldPath<TValues>;
  label: string;
  /** Formats while typing: 'date' 99-99-9999, 'cpf', 'cnpj', 'cep', 'phone', 'money' (product-spec §5). */
  mask?: MaskName;
};

/**
 * One labelled input of a `<Form>`, with its error under it (product-spec §5 "Field errors appear under
 * each field"): the label names the input, `aria-invalid` marks it while wrong and `aria-describedby`
 * points at the message, so a screen reader reads the error with the field.
 */
export function Field<TValues extends FieldValues = FieldValues>({ name, label, mask, type = 'text', className, ...input }: Props<TValues>) {
  const { control } = useFormContext<TValues>();
  const {
    field: { ref, value, onChange, onBlur, name: fieldName },
    fieldState,
  } = useController({ name, control });
  const id = useId();
  const errorId = `${id}-erro`;
  const error = fieldState.error?.message;
  const format = mask ? FIELD_MASKS[mask] : undefined;

  return (
    <div className={className ? `consig-field ${className}` : 'consig-field'}>
      <label htmlFor={id}>{label}</label>
      <input
        inputMode={format?.inputMode}
        maxLength={format && 'maxLength' in format ? format.maxLength : undefined}
        {...input}
        id={id}
        type={type}
        name={fieldName}
        ref={ref}
        value={(value as string | undefined) ?? ''}
        onBlur={onBlur}
        onChange={(event) => onChange(format ? format.apply(event.target.value) : event.target.value)}
        aria-invalid={error ? true : false}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
