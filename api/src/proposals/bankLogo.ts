/**
 * Bank badges for the follow-up rows (LN_LogoBanco). The real logos are trademarks we have no licence to
 * ship, so each bank gets a badge of our own: a short name in a colour that recalls its brand, and a neutral
 * badge for a code the banco table does not know (docs/rules.md "Proposal follow-up").
 */

/** The path LN_LogoBanco carries (public, served by bankLogoRoutes). */
export const bankLogoPath = (bankId: number) => `/banco/logo/${bankId}.svg`;

interface Badge {
  label: string;
  background: string;
  color: string;
}

/** Short names and brand-like colours of the banks consignado is sold through (COMPE code → badge). */
const KNOWN: Record<number, Badge> = {
  1: { label: 'BB', background: '#F8D117', color: '#003DA5' },
  4: { label: 'BNB', background: '#A6193C', color: '#FFFFFF' },
  21: { label: 'Banestes', background: '#004B8D', color: '#FFFFFF' },
  29: { label: 'Itaú', background: '#EC7000', color: '#003399' },
  33: { label: 'Santander', background: '#EC0000', color: '#FFFFFF' },
  37: { label: 'Banpará', background: '#00529B', color: '#FFFFFF' },
  41: { label: 'Banrisul', background: '#0057A8', color: '#FFFFFF' },
  47: { label: 'Banese', background: '#005CA9', color: '#FFFFFF' },
  69: { label: 'Crefisa', background: '#00A1E0', color: '#FFFFFF' },
  70: { label: 'BRB', background: '#00509E', color: '#FFFFFF' },
  74: { label: 'J. Safra', background: '#0F2240', color: '#C8A461' },
  77: { label: 'Inter', background: '#FF7A00', color: '#FFFFFF' },
  104: { label: 'Caixa', background: '#005CA9', color: '#F7A600' },
  121: { label: 'Agibank', background: '#00A5E3', color: '#FFFFFF' },
  208: { label: 'BTG', background: '#0B2859', color: '#FFFFFF' },
  212: { label: 'Original', background: '#00A857', color: '#FFFFFF' },
  237: { label: 'Bradesco', background: '#CC092F', color: '#FFFFFF' },
  246: { label: 'ABC', background: '#003A70', color: '#FFFFFF' },
  254: { label: 'Paraná', background: '#00A859', color: '#FFFFFF' },
  260: { label: 'Nubank', background: '#820AD1', color: '#FFFFFF' },
  290: { label: 'PagBank', background: '#1BB99A', color: '#FFFFFF' },
  318: { label: 'BMG', background: '#FF6B00', color: '#FFFFFF' },
  336: { label: 'C6', background: '#242424', color: '#FFFFFF' },
  341: { label: 'Itaú', background: '#EC7000', color: '#003399' },
  380: { label: 'PicPay', background: '#21C25E', color: '#FFFFFF' },
  389: { label: 'Mercantil', background: '#0E3D7A', color: '#FFFFFF' },
  422: { label: 'Safra', background: '#0F2240', color: '#C8A461' },
  623: { label: 'Pan', background: '#00AEEF', color: '#FFFFFF' },
  626: { label: 'C6', background: '#242424', color: '#FFFFFF' },
  633: { label: 'Rendimento', background: '#00539F', color: '#FFFFFF' },
  643: { label: 'Pine', background: '#005F3C', color: '#FFFFFF' },
  654: { label: 'Digimais', background: '#00205B', color: '#FFFFFF' },
  655: { label: 'BV', background: '#1C3F94', color: '#FFFFFF' },
  707: { label: 'Daycoval', background: '#003B71', color: '#FFFFFF' },
  745: { label: 'Citi', background: '#056DAE', color: '#FFFFFF' },
  748: { label: 'Sicredi', background: '#33A02C', color: '#FFFFFF' },
  756: { label: 'Sicoob', background: '#003641', color: '#7DB61C' },
};

/** A bank of the table without a badge above: its initials, without the word 'Banco', on slate. */
function initialsOf(name: string): string {
  const words = name
    .replace(/\(.*?\)/g, '')
    .split(/[\s-]+/)
    .filter((word) => word.length > 2 && !/^banco$/i.test(word));
  const initials = words
    .map((word) => word[0].toUpperCase())
    .join('')
    .slice(0, 3);
  return initials || name.slice(0, 3).toUpperCase();
}

const NEUTRAL_BACKGROUND = '#E5E7EB';
const NEUTRAL_COLOR = '#4B5563';

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);

/** The badge of a bank of the table (`name`), or the neutral one when `name` is null (unknown code). */
export function bankLogoSvg(bankId: number, name: string | null): string {
  if (name === null) {
    // A column building: 'a bank', whichever.
    return (
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="Banco">' +
      `<rect width="64" height="64" rx="12" fill="${NEUTRAL_BACKGROUND}"/>` +
      `<path d="M32 12 12 24v4h40v-4zM16 32h6v16h-6zm13 0h6v16h-6zm13 0h6v16h-6zM12 50h40v4H12z" fill="${NEUTRAL_COLOR}"/>` +
      '</svg>'
    );
  }
  const badge = KNOWN[bankId] ?? { label: initialsOf(name), background: '#475569', color: '#FFFFFF' };
  // The label shrinks with its length so 'Rendimento' fits the same 64 px square as 'BB'.
  const size = Math.max(9, Math.min(24, Math.floor(100 / Math.max(badge.label.length, 3))));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(name)}">` +
    `<rect width="64" height="64" rx="12" fill="${badge.background}"/>` +
    `<text x="32" y="32" dominant-baseline="central" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" ` +
    `font-weight="700" font-size="${size}" fill="${badge.color}">${escapeXml(badge.label)}</text>` +
    '</svg>'
  );
}
