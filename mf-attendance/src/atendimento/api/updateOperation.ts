import { envelope, updatedOperation, type UpdateOperationRequest, type UpdatedOperation } from '@consig/shared';
import { apiSend } from '@consig/shared/query';

/** The accepted answer: a refusal (`success: false`) never reaches the parser, apiSend throws it first. */
const computedOffer = envelope(updatedOperation);

/**
 * POST /crm/atualizaOperacao: the server recomputes the offer (term, installment or net value changed) and
 * answers its figures. A refusal (installment above the margin, term not allowed…) throws an ApiFailure
 * carrying the server's text.
 */
export async function updateOperation(request: UpdateOperationRequest): Promise<UpdatedOperation> {
  const { data } = await apiSend({ method: 'post', path: '/crm/atualizaOperacao', body: request, response: computedOffer });
  return data;
}
