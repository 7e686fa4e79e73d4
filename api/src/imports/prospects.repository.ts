/**
 * SQL of the built-in data provider (docs/rules.md "CSV imports and provider batches"): the prospect base
 * (table prospecto, shared by every company) filtered by a batch request, minus what the requesting company
 * must not receive. Exclusions are bound to the scope's company.
 */
import type { CompanyScope } from '../auth/scope';
import type { ProviderFilter, ProviderProspect } from './provider';

export function createProspectsRepository({ db, companyId }: CompanyScope) {
  return {
    /**
     * Up to `limit` prospects of the filter, oldest rows first (a stable order: the same request gives the
     * same batch), leaving out CPFs already queued in the campaign and the company's do-not-call clients.
     * A filter the base has no column for is not in this statement (provider.ts lists them).
     */
    async select(filter: ProviderFilter, campaignId: number, limit: number): Promise<ProviderProspect[]> {
      const params: unknown[] = [companyId, campaignId, filter.agency, limit];
      const where: string[] = [];
      const param = (value: unknown) => `$${params.push(value)}`;
      if (filter.age) {
        const today = param(filter.today);
        where.push(`extract(year from age(${today}::date, p.dt_nascimento)) between ${param(filter.age.min)} and ${param(filter.age.max)}`);
      }
      if (filter.incomeCents) where.push(`p.vl_renda * 100 between ${param(filter.incomeCents.min)} and ${param(filter.incomeCents.max)}`);
      // The 35% margin of product-spec §9, in cents rounded as the operation cards show it.
      if (filter.margin35Cents)
        where.push(`round(p.vl_renda * 35) between ${param(filter.margin35Cents.min)} and ${param(filter.margin35Cents.max)}`);
      if (filter.benefitStart)
        where.push(`p.dt_dib between ${param(filter.benefitStart.min)}::date and ${param(filter.benefitStart.max)}::date`);
      if (filter.species) where.push(`p.id_especie = any(${param(filter.species)}::int[])`);
      if (filter.states) where.push(`p.sg_estado = any(${param(filter.states)}::text[])`);

      return db.query<ProviderProspect>(
        `select p.co_cpf as cpf, p.de_pessoa as name, to_char(p.dt_nascimento, 'YYYY-MM-DD') as birth,
                p.de_telefones as phones, p.co_matricula as "benefitNumber", p.id_especie as species
           from prospecto p
          where p.id_orgao = $3
            ${where.map((condition) => `and ${condition}`).join('\n            ')}
            and not exists (
              select 1 from cliente c
               where c.id_empresa = $1 and c.co_cpf = p.co_cpf
                 and (c.ts_nao_ligar is not null
                      or exists (select 1 from fila f where f.id_campanha = $2 and f.id_cliente = c.id_cliente)))
          order by p.id_prospecto
          limit $4`,
        params,
      );
    },

    /** Marks the campaign's request time (TS_Solicitacao, product-spec §3 "Campaign"). */
    async markRequested(campaignId: number): Promise<void> {
      await db.query('update campanha set ts_solicitacao = now() where id_empresa = $1 and id_campanha = $2', [companyId, campaignId]);
    },
  };
}
