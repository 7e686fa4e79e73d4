import { useState } from 'react';
import { brDateToIso, isoToBrDate, maskBrDate } from './brDate';

interface Props {
  label: string;
  /** The address's ISO day, or '' for an open end. */
  value: string;
  onChange: (iso: string) => void;
}

/**
 * A date typed as dd/mm/aaaa with a mask, whatever the browser's locale. The address stays the source of
 * truth: only a complete, real day (or an emptied field, an open end) is written to it; while the user is
 * half-way through, the typed text is a draft, dropped on blur if it never became a day.
 */
export function DateInput({ label, value, onChange }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? isoToBrDate(value);
  const complete = text.length === 10;
  const invalid = complete && brDateToIso(text) === null;

  const type = (raw: string) => {
    const masked = maskBrDate(raw);
    const iso = masked === '' ? '' : brDateToIso(masked);
    if (iso === null) {
      setDraft(masked);
      return;
    }
    setDraft(null);
    if (iso !== value) onChange(iso);
  };

  return (
    <label>
      {label}
      <input
        type="text"
        inputMode="numeric"
        placeholder="dd/mm/aaaa"
        maxLength={10}
        autoComplete="off"
        value={text}
        aria-invalid={invalid || undefined}
        onChange={(event) => type(event.target.value)}
        onBlur={() => setDraft(null)}
      />
    </label>
  );
}
