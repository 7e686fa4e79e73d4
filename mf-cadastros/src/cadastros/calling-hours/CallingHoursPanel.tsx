import { CALLING_HOURS_TEXT, LoadFailure } from '@consig/shared';
import { QueryLoading } from '@consig/shared/query';
import { useId } from 'react';
import { useCallingHours } from './api/getCallingHours';
import { CallingHoursForm } from './CallingHoursForm';
import { HolidayList } from './HolidayList';
import { LegalRules } from './LegalRules';
import './callingHours.css';

/**
 * 'Horários' (issue "Company settings"; managers; docs/rules.md "Who may be called now"): when the company calls, per
 * weekday in the client's local time, whether on national holidays, and its narrowings per state; beside them, read
 * only, the state laws applied on top and the national holidays of this year and next.
 */
export function CallingHoursPanel() {
  const titleId = useId();
  const lawsId = useId();
  const holidaysId = useId();
  const hours = useCallingHours();
  const years = hours.current ? [...new Set(hours.current.feriados.map((holiday) => holiday.DT_Feriado.slice(0, 4)))] : [];

  return (
    <section aria-labelledby={titleId} className="ch-panel">
      <h2 id={titleId}>Horários de ligação</h2>
      <p className="cd-note">
        A fila só entrega clientes, e só saem ligações, dentro destes horários na hora local do cliente (o estado dele, senão o DDD).
      </p>
      {hours.current ? (
        <>
          {hours.current.SN_SempreAberta === 1 && (
            <p role="note" className="ch-notice">
              {CALLING_HOURS_TEXT.alwaysOpen}
            </p>
          )}
          <CallingHoursForm setting={hours.current} />
          <section aria-labelledby={lawsId} className="ch-section">
            <h3 id={lawsId}>Leis estaduais</h3>
            <p className="cd-note">Valem sempre, por cima dos horários da empresa; não são editáveis.</p>
            <LegalRules rules={hours.current.regrasEstaduais} titleId={lawsId} />
          </section>
          <section aria-labelledby={holidaysId} className="ch-section">
            <h3 id={holidaysId}>Feriados nacionais de {years.join(' e ')}</h3>
            <HolidayList holidays={hours.current.feriados} titleId={holidaysId} />
          </section>
        </>
      ) : hours.isError ? (
        <LoadFailure what="carregar os horários de ligação" error={hours.error} onRetry={() => hours.refetch()} />
      ) : (
        <QueryLoading slow={hours.isSlow} />
      )}
    </section>
  );
}
