import { useId, useState } from 'react';
import { brDateToIso, isoToBrDate, maskBrDate } from './brDate';

/** A complete dd/mm/aaaa that is no calendar day ('31/02/2026'). */
export const DATE_DOES_NOT_EXIST = 'Data inexistente.';

interface Props {
  label: string;
  /** The address's ISO day, or '' for an open end. */
  value: string;
  onChange: (iso: string) => void;
  /** Why a real day cannot be used here (it would put the range out of order), or null when it can. */
  refuse?: (iso: string) => string | null;
}

/**
 * A date typed as dd/mm/aaaa with a mask, whatever the browser's locale. The address stays the source of
 * truth: only a complete, real day that `refuse` accepts (or an emptied field, an open end) is written to it,
 * so the list and counts keep the last valid filters. While the user is half-way through, the typed text is a
 * draft, dropped on blur if it never became a day; a complete day that is refused stays, with the reason once
 * under the field (and nothing is asked of the API, so no second message comes from there).
 */
export function DateInput({ label, value, onChange, refuse }: Props) {
  const errorId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? isoToBrDate(value);
  const reasonFor = (typed: string): string | null => {
    if (typed.length < 10) return null;
    const iso = brDateToIso(typed);
    return iso === null ? DATE_DOES_NOT_EXIST : (refuse?.(iso) ?? null);
  };
  const error = draft === null ? null : reasonFor(draft);

  /** Writes a typed text to the address when it is usable; else keeps it as the draft. */
  const settle = (typed: string) => {
    const iso = typed === '' ? '' : brDateToIso(typed);
    if (iso === null || (iso !== '' && refuse?.(iso))) {
      setDraft(typed);
      return;
    }
    setDraft(null);
    if (iso !== value) onChange(iso);
  };

  return (
    <div className="fu-date">
      <label>
        {label}
        <input
          type="text"
          inputMode="numeric"
          placeholder="dd/mm/aaaa"
          maxLength={10}
          autoComplete="off"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => settle(maskBrDate(event.target.value))}
          onBlur={() => {
            // A half-typed date goes back to the one in force; a whole one is tried again (the other end may
            // have changed meanwhile) and, still refused, stays with its reason.
            if (draft === null) return;
            if (draft.length < 10) setDraft(null);
            else settle(draft);
          }}
        />
      </label>
      {error ? (
        <span id={errorId} className="field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
