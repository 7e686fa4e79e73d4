/** A coloured status label; a blank label (an unknown status, product-spec §4) shows nothing. */
export function StatusBadge({ label, color }: { label: string; color: string }) {
  if (!label) return null;
  return (
    <span className="consig-badge" style={{ background: color }}>
      {label}
    </span>
  );
}
