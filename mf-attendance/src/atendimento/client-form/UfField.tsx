import type { Cliente } from '@consig/shared';
import { useId } from 'react';
import { useController, useFormContext, type FieldPath } from 'react-hook-form';
import { useStates } from '../api/getStates';

/** The UF mask of product-spec §5 ("State two letters"): letters only, upper case, at most two. */
export const maskUf = (value: string) =>
  value
    .replace(/[^a-zA-Z]/g, '')
    .slice(0, 2)
    .toUpperCase();

/**
 * A two-letter state field (SG_Estado, SG_UFEmissao), suggesting the UFs of GET /cadastro/estado. An
 * input rather than a select, so a state filled by the CEP look-up or loaded with the client always shows.
 */
export function UfField({ name, label }: { name: FieldPath<Cliente>; label: string }) {
  const { control } = useFormContext<Cliente>();
  const {
    field: { ref, value, onChange, onBlur, name: fieldName },
    fieldState,
  } = useController({ name, control });
  const { data: states = [] } = useStates();
  const id = useId();
  const errorId = `${id}-erro`;
  const listId = `${id}-ufs`;
  const error = fieldState.error?.message;
  return (
    <div className="consig-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={fieldName}
        ref={ref}
        value={(value as string | undefined) ?? ''}
        maxLength={2}
        list={listId}
        autoComplete="off"
        onBlur={onBlur}
        onChange={(event) => onChange(maskUf(event.target.value))}
        aria-invalid={error ? true : false}
        aria-describedby={error ? errorId : undefined}
      />
      <datalist id={listId}>
        {states.map((state) => (
          <option key={state.SG_Estado} value={state.SG_Estado}>
            {state.DE_Estado}
          </option>
        ))}
      </datalist>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
