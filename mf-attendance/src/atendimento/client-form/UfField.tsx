import type { Client } from '@consig/shared';
import { Field } from '@consig/shared/forms';
import { useStates } from '@consig/shared/query';
import { useId } from 'react';
import type { FieldPath } from 'react-hook-form';

/**
 * A two-letter state field (SG_Estado, SG_UFEmissao) with the kit's UF mask, suggesting the UFs of
 * GET /cadastro/estado. An input rather than a select, so a state filled by the CEP look-up or loaded with
 * the client always shows.
 */
export function UfField({ name, label }: { name: FieldPath<Client>; label: string }) {
  const { data: states = [] } = useStates();
  const listId = `${useId()}-ufs`;
  return (
    <Field<Client> name={name} label={label} mask="uf" list={listId} autoComplete="off">
      <datalist id={listId}>
        {states.map((state) => (
          <option key={state.SG_Estado} value={state.SG_Estado}>
            {state.DE_Estado}
          </option>
        ))}
      </datalist>
    </Field>
  );
}
