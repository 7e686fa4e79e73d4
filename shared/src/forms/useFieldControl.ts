import { useId } from 'react';
import { useController, useFormContext, type FieldPath, type FieldValues } from 'react-hook-form';

/**
 * What every control of the kit shares (product-spec §5 "Field errors appear under each field"): the
 * react-hook-form binding, an id for the label, and the error with the attributes that tie it to the
 * control (`aria-invalid`, `aria-describedby`), so a screen reader reads the error with the field.
 */
export function useFieldControl<TValues extends FieldValues>(name: FieldPath<TValues>) {
  const { control } = useFormContext<TValues>();
  const {
    field: { ref, value, onChange, onBlur, name: fieldName },
    fieldState,
  } = useController({ name, control });
  const id = useId();
  const errorId = `${id}-erro`;
  const error = fieldState.error?.message;
  return {
    id,
    ref,
    value: value as unknown,
    onChange,
    onBlur,
    fieldName,
    error,
    errorId,
    /** Spread on the control. */
    errorAttributes: { 'aria-invalid': error ? true : false, 'aria-describedby': error ? errorId : undefined },
  };
}
