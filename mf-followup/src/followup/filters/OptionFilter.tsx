import { NO_FILTER } from '@consig/shared';
import { useId } from 'react';

interface Props {
  title: string;
  value: number;
  options: readonly { id: number; label: string }[] | undefined;
  onChange: (id: number) => void;
}

/** A 'Clientes por …' dropdown of the filter panel; 'Selecione' (0) is no filter (product-spec §2). */
export function OptionFilter({ title, value, options = [], onChange }: Props) {
  const id = useId();
  // A link may name an id the list no longer has (a bank with no proposals left): it stays selectable.
  const listed = value === NO_FILTER || options.some((option) => option.id === value);
  return (
    <div className="fu-filter fu-option-filter">
      <label htmlFor={id}>{title}</label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        <option value={NO_FILTER}>Selecione</option>
        {listed ? null : <option value={value}>{value}</option>}
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
