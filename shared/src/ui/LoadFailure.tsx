import { errorText } from '../api/client';

/**
 * A read that failed with nothing to show yet: the query client already toasted the reason; the area says it too,
 * with `what` could not be done, and offers to try again.
 */
export function LoadFailure({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="consig-load-failure">
      <p className="consig-empty">
        Não foi possível {what}. {errorText(error)}
      </p>
      <button type="button" className="consig-button" onClick={onRetry}>
        Tentar novamente
      </button>
    </div>
  );
}
