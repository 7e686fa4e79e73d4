import type { AuditItem } from '@consig/shared';

/** A value of the audit's JSON as a person reads it: text as it is, nothing as '—', the rest as compact JSON. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const fieldsOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * What an audit row says beyond its action, one line each: the detail's fields ('ID_Proposta: 12'), then each value
 * the change touched as 'campo: antes → depois' (fields that did not change are left out; a field only on one side
 * shows '—' on the other).
 */
export function describeAuditRow(item: Pick<AuditItem, 'JS_Detalhe' | 'JS_Antes' | 'JS_Depois'>): string[] {
  const lines = Object.entries(item.JS_Detalhe).map(([field, value]) => `${field}: ${shown(value)}`);
  const before = fieldsOf(item.JS_Antes);
  const after = fieldsOf(item.JS_Depois);
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  for (const field of fields) {
    const from = shown(before[field]);
    const to = shown(after[field]);
    if (from === to) continue;
    if (item.JS_Antes === null || item.JS_Antes === undefined) lines.push(`${field}: ${to}`);
    else if (item.JS_Depois === null || item.JS_Depois === undefined) lines.push(`${field}: ${from} (removido)`);
    else lines.push(`${field}: ${from} → ${to}`);
  }
  return lines;
}
