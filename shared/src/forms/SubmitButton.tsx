import type { ReactNode } from 'react';
import { useFormState } from 'react-hook-form';

/**
 * The submit button of a `<Form>`: disabled, with `busyLabel`, while the submit runs, so a second click is
 * ignored (product-spec §4 "Submit buttons show a spinner and ignore clicks while a request is pending").
 */
export function SubmitButton({ children, busyLabel }: { children: ReactNode; busyLabel: string }) {
  const { isSubmitting } = useFormState();
  return (
    <button type="submit" className="consig-button" disabled={isSubmitting} aria-busy={isSubmitting}>
      {isSubmitting ? (
        <>
          <span className="consig-spinner consig-spinner--inline" aria-hidden="true" /> {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
