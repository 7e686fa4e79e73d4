import type { InputHTMLAttributes } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { FIELD_MASKS, type MaskName } from './masks';
import { FieldMessage } from './FieldMessage';
import { useFieldControl } from './useFieldControl';

type Props<TValues extends FieldValues> = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'id'
> & {
  name: FieldPath<TValues>;
  label: string;
  /** Formats while typing: 'date' 99-99-9999, 'cpf', 'cnpj', 'cep', 'uf', 'phone', 'phoneDigits', 'money' (product-spec §5). */
  mask?: MaskName;
  /** A control in a table cell under a visible column header: its label names its row, for screen readers only. */
  hideLabel?: boolean;
};

/** One labelled input of a `<Form>`, with its error under it (product-spec §5). */
export function Field<TValues extends FieldValues = FieldValues>({
  name,
  label,
  mask,
  hideLabel = false,
  type = 'text',
  className,
  children,
  ...input
}: Props<TValues>) {
  const { id, ref, value, onChange, onBlur, fieldName, error, errorId, errorAttributes } = useFieldControl<TValues>(name);
  const format = mask ? FIELD_MASKS[mask] : undefined;

  return (
    <div className={className ? `consig-field ${className}` : 'consig-field'}>
      <label htmlFor={id} className={hideLabel ? 'consig-visually-hidden' : undefined}>
        {label}
      </label>
      <input
        inputMode={format?.inputMode}
        maxLength={format && 'maxLength' in format ? format.maxLength : undefined}
        {...input}
        id={id}
        type={type}
        name={fieldName}
        ref={ref}
        value={(value as string | null | undefined) ?? ''}
        onBlur={onBlur}
        onChange={(event) => onChange(format ? format.apply(event.target.value) : event.target.value)}
        {...errorAttributes}
      />
      {children /* e.g. the <datalist> an input's `list` names */}
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}
