/** The advertising banner of the sign-in page, drawn in CSS and inline SVG (no external image). */
export function AdBanner() {
  return (
    <aside className="signin-banner" aria-label="Publicidade">
      <div className="signin-banner__text">
        <p className="signin-banner__eyebrow">Crédito consignado</p>
        <p className="signin-banner__title">Mais vendas com menos cliques.</p>
        <p className="signin-banner__body">Simule, registre propostas e acompanhe cada cliente em um só lugar, com telefonia integrada.</p>
      </div>
      <svg className="signin-banner__art" viewBox="0 0 240 180" role="presentation" aria-hidden="true">
        <rect x="20" y="30" width="200" height="120" rx="14" fill="rgba(255,255,255,0.14)" />
        <rect x="40" y="110" width="24" height="28" rx="4" fill="rgba(255,255,255,0.55)" />
        <rect x="76" y="90" width="24" height="48" rx="4" fill="rgba(255,255,255,0.7)" />
        <rect x="112" y="70" width="24" height="68" rx="4" fill="rgba(255,255,255,0.85)" />
        <rect x="148" y="50" width="24" height="88" rx="4" fill="#ffffff" />
        <polyline
          points="40,96 88,76 124,58 184,34"
          fill="none"
          stroke="#ffd166"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="184" cy="34" r="7" fill="#ffd166" />
      </svg>
    </aside>
  );
}
