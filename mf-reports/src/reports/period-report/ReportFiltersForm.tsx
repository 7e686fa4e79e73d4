import type { ReportQuery } from '@consig/shared';
import { Field, Form, SelectField, SubmitButton } from '@consig/shared/forms';
import { useAttendants, useCampaigns } from '@consig/shared/query';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { defaultReportFilters, GROUPINGS, reportFiltersResolver, type ReportFilterValues } from './reportFilters';

interface Props {
  /** The query the filters make, once they are valid. */
  onSubmit: (query: ReportQuery) => void;
  /** Beside 'Gerar relatório' (the CSV export). */
  children?: ReactNode;
}

/**
 * The report's filters: the period (today in São Paulo at first), 'Campanha', 'Atendente' and 'Agrupar por'.
 * The period is checked here with the API's own texts, so a period it would refuse is never asked for.
 */
export function ReportFiltersForm({ onSubmit, children }: Props) {
  const [defaultValues] = useState(defaultReportFilters);
  const form = useForm<ReportFilterValues, unknown, ReportQuery>({ mode: 'onTouched', defaultValues, resolver: reportFiltersResolver });
  const campaigns = useCampaigns();
  const attendants = useAttendants();

  // A period's problem may sit under the other date (an end before the start is said under 'Fim'), and the form
  // checks only the field that changed: once a date has been checked (left, or submitted), a change of either one
  // checks both, so a mended period leaves no stale text behind.
  const [start, end] = useWatch({ control: form.control, name: ['inicio', 'fim'] });
  const { isSubmitted, touchedFields } = form.formState;
  const checked = isSubmitted || Boolean(touchedFields.inicio || touchedFields.fim);
  const { trigger } = form;
  useEffect(() => {
    if (checked) void trigger(['inicio', 'fim']);
  }, [start, end, checked, trigger]);

  return (
    <Form form={form} onSubmit={onSubmit} className="rp-report-filters" aria-label="Filtros do relatório">
      <Field<ReportFilterValues> name="inicio" label="Início" type="date" />
      <Field<ReportFilterValues> name="fim" label="Fim" type="date" />
      <SelectField<ReportFilterValues>
        name="ID_Campanha"
        label="Campanha"
        emptyLabel="Todas"
        emptyMeansAbsent
        options={campaigns.data?.map((campaign) => ({ value: campaign.CampanhaID, label: campaign.DE_Campanha })) ?? []}
      />
      <SelectField<ReportFilterValues>
        name="ID_Atendente"
        label="Atendente"
        emptyLabel="Todos"
        emptyMeansAbsent
        options={attendants.data?.map((attendant) => ({ value: attendant.AtendenteID, label: attendant.DE_Pessoa })) ?? []}
      />
      <SelectField<ReportFilterValues> name="agrupar" label="Agrupar por" options={GROUPINGS} emptyLabel={null} />
      <div className="rp-report-filters__actions">
        <SubmitButton busyLabel="Gerando...">Gerar relatório</SubmitButton>
        {children}
      </div>
    </Form>
  );
}
