import {
  formatPhoneNumber,
  reportShare,
  SHORT_CALL_MAX_S,
  SHORT_CALL_WARNING_SHARE,
  TableHead,
  WarningIcon,
  type Report,
} from '@consig/shared';
import { useId } from 'react';
import { formatCount, formatDay, formatShare } from './reportFormat';
import { TableScroll } from '../TableScroll';

const COLUMNS = ['Número', 'Dia', 'Ligações', `Curtas (até ${SHORT_CALL_MAX_S} s)`, 'Curtas (%)'] as const;

/** Said beside a share over the warning line: the row's colour is not the only sign. */
export const SHORT_CALLS_WARNING = `acima de ${formatShare(SHORT_CALL_WARNING_SHARE)} de chamadas curtas`;

/**
 * 'Números de saída (Anatel)': per caller number and day, the outbound calls and the short ones (talk of up to
 * SHORT_CALL_MAX_S seconds). A share above SHORT_CALL_WARNING_SHARE is a warning row that also says so in words.
 */
export function CallerNumbersTable({ numbers }: { numbers: Report['numeros'] }) {
  const titleId = useId();
  const noteId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>Números de saída (Anatel)</h2>
      <TableScroll labelledBy={titleId}>
        <table className="consig-table rp-table" aria-labelledby={titleId} aria-describedby={noteId}>
          <TableHead columns={COLUMNS} />
          <tbody>
            {numbers.map((number) => {
              const share = reportShare(number.NU_Curtas, number.NU_Ligacoes);
              const over = share !== null && share > SHORT_CALL_WARNING_SHARE;
              return (
                <tr key={`${number.NU_Numero}-${number.DT_Dia}`} className={over ? 'rp-row--warning' : undefined}>
                  <td data-label={COLUMNS[0]}>{formatPhoneNumber(number.NU_Numero)}</td>
                  <td data-label={COLUMNS[1]}>{formatDay(number.DT_Dia)}</td>
                  <td data-label={COLUMNS[2]} className="rp-number">
                    {formatCount(number.NU_Ligacoes)}
                  </td>
                  <td data-label={COLUMNS[3]} className="rp-number">
                    {formatCount(number.NU_Curtas)}
                  </td>
                  <td data-label={COLUMNS[4]} className="rp-number">
                    {formatShare(share)}
                    {over && (
                      <span className="rp-warning rp-over">
                        <WarningIcon size={14} /> {SHORT_CALLS_WARNING}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
            {numbers.length === 0 && (
              <tr>
                <td colSpan={COLUMNS.length} className="consig-empty">
                  Nenhuma ligação de saída no período.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </TableScroll>
      <p id={noteId} className="rp-note">
        A Anatel pode bloquear números com 85% ou mais de chamadas de até 6 segundos em volumes de 100 mil por dia.
      </p>
    </section>
  );
}
