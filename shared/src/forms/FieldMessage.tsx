/** The error under a control of the kit, named by the control's `aria-describedby`; nothing when there is none. */
export function FieldMessage({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="field-error">
      {error}
    </p>
  ) : null;
}
