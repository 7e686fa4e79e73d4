/** The loading indicator every protected screen shows while it loads (product-spec §2). */
export function Loading({ label = 'Carregando...' }: { label?: string }) {
  return (
    <div className="consig-loading" role="status" aria-live="polite">
      <span className="consig-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
