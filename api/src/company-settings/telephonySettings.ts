/**
 * The company's telephony settings ('Cadastros' → 'Telefonia'; docs/rules.md "Company telephony"): how many days
 * call recordings are kept (the daily purge reads it, src/recordings/purge.ts) and the after-call work limit (the
 * live board's, src/floor/liveBoard.ts `setAfterCallLimit`, whose rule and audit this reuses rather than repeats).
 * Only what changed is written and audited, in one transaction: both settings or neither.
 */
import type { TelephonySettingsRequest } from '@consig/shared/contracts';
import { recordAudit } from '../audit/audit';
import type { CompanyScope } from '../auth/scope';
import { setAfterCallLimit } from '../floor/liveBoard';
import { createTelephonyRepository } from './telephony.repository';
import type { TelephonyCaller } from './telephonyNumbers';

/** GET /cadastros/empresa/telefonia. */
export async function telephonySettings(scope: CompanyScope) {
  const data = await createTelephonyRepository(scope).settings();
  return { success: true, text: 'Telefonia da empresa.', data };
}

/** PUT /cadastros/empresa/telefonia. */
export async function saveTelephonySettings(scope: CompanyScope, body: TelephonySettingsRequest, { actor, address }: TelephonyCaller) {
  const data = await scope.db.transaction(async (tx) => {
    const txScope = { db: tx, companyId: scope.companyId };
    const settings = createTelephonyRepository(txScope);
    const before = await settings.settings({ lock: true });
    if (body.NU_DiasGravacao !== before.NU_DiasGravacao) {
      await settings.setRetention(body.NU_DiasGravacao);
      await recordAudit(tx, {
        companyId: scope.companyId,
        personId: actor.ID_Pessoa,
        action: 'empresa.retencao_gravacoes',
        address,
        before: { NU_DiasGravacao: before.NU_DiasGravacao },
        after: { NU_DiasGravacao: body.NU_DiasGravacao },
      });
    }
    // Its own transaction joins this one: the limit and the retention are saved together or not at all.
    if (body.NU_LimitePosAtendimento !== before.NU_LimitePosAtendimento) {
      await setAfterCallLimit(txScope, actor, body.NU_LimitePosAtendimento, address);
    }
    return settings.settings();
  });
  return {
    success: true,
    text: `Telefonia salva: gravações guardadas por ${data.NU_DiasGravacao} dia(s), limite de pós-atendimento de ${data.NU_LimitePosAtendimento} s.`,
    data,
  };
}
