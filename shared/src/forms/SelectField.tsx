import type { FieldPath, FieldValues } from 'react-hook-form';
import { FieldMessage } from './FieldMessage';
import { useFieldControl } from './useFieldControl';

export interface SelectOption {
  value: string | number;
  label: string;
}

interface Props<TValues extends FieldValues> {
  name: FieldPath<TValues>;
  label: string;
  options: readonly SelectOption[];
  /** Codes (a bank, an account type…) held as numbers, null when none is chosen; texts as strings. */
  numeric?: boolean;
  /** The first option's text: 'Selecione' (a choice still to make) by default, 'Todas' for a filter; null: none. */
  emptyLabel?: string | null;
  /** The first option leaves the field out (undefined), as a filter's 'Todas' does, instead of '' or null. */
  emptyMeansAbsent?: boolean;
  /** A control in a table cell under a visible column header: its label names its row, for screen readers only. */
  hideLabel?: boolean;
}

/** A labelled select of a `<Form>`, with its error under it; the first option, 'Selecione', is the empty value. */
export function SelectField<TValues extends FieldValues = FieldValues>({
  name,
  label,
  options,
  numeric = false,
  emptyLabel = 'Selecione',
  emptyMeansAbsent = false,
  hideLabel = false,
}: Props<TValues>) {
  const { id, ref, value, onChange, onBlur, fieldName, error, errorId, errorAttributes } = useFieldControl<TValues>(name);
  return (
    <div className="consig-field">
      <label htmlFor={id} className={hideLabel ? 'consig-visually-hidden' : undefined}>
        {label}
      </label>
      <select
        id={id}
        name={fieldName}
        ref={ref}
        value={(value as string | number | null | undefined) ?? ''}
        onBlur={onBlur}
        onChange={(event) => {
          const chosen = event.target.value;
          if (chosen === '' && emptyMeansAbsent) onChange(undefined);
          else onChange(numeric ? (chosen === '' ? null : Number(chosen)) : chosen);
        }}
        {...errorAttributes}
      >
        {emptyLabel !== null && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}
