import * as z from 'zod/mini';
import { getRuntimeConfig } from '@consig/shared/core';
import { cepClient } from './cepClient';

/** The address fields a CEP look-up fills (product-spec §5 "CEP lookup": street, city, state, neighbourhood). */
export interface CepAddress {
  logradouro: string;
  localidade: string;
  uf: string;
  bairro: string;
}

/**
 * What the screen says when a look-up that ran gives nothing to fill: the service failed,
 * refused or does not know the CEP. The attendant types the address; nothing typed is overwritten.
 */
export const CEP_LOOKUP_FAILED_TEXT = 'Não foi possível consultar o CEP. Preencha o endereço.';

const digitsOf = (cep: string) => cep.replace(/\D/g, '');

/**
 * Whether leaving the CEP field starts a look-up (product-spec §5: "after 8 or more characters"). Counted
 * in digits: a shorter CEP ("01001-00" is 8 characters) can only be refused by the service, and a partial
 * input is not worth sending to a third party.
 */
export const isCepLookupReady = (cep: string) => digitsOf(cep).length >= 8;

/** Bounded texts: whatever the service sends goes into the form's fields. */
const text = (max: number) => z.string().check(z.maxLength(max));

/** ViaCEP's answer for a known CEP (it sends more fields; only these are read). */
const addressAnswer = z.object({
  logradouro: text(200),
  localidade: text(100),
  uf: z.string().check(z.regex(/^[A-Z]{2}$/)),
  bairro: text(100),
});

/** ViaCEP's answer for a well-formed CEP it does not know: `erro` true, in older versions, or "true". */
const unknownAnswer = z.object({ erro: z.union([z.literal(true), z.literal('true')]) });

/**
 * Looks `cep` up (any punctuation; 8 digits) in the ViaCEP-compatible service of the runtime config's
 * `cepUrl`: GET {cepUrl}/ws/{8 digits}/json/. Null when there is nothing to fill: a CEP that is not 8
 * digits, an unknown one (`erro`), a refusal (400 for a malformed one), a failed call or an answer of
 * another shape. On null the caller keeps the form's fields as they were.
 */
export async function lookupCep(cep: string, { signal }: { signal?: AbortSignal } = {}): Promise<CepAddress | null> {
  const digits = digitsOf(cep);
  if (digits.length !== 8) return null;
  const base = getRuntimeConfig().cepUrl.replace(/\/+$/, '');
  let body: unknown;
  try {
    body = (await cepClient.get(`${base}/ws/${digits}/json/`, { signal })).data;
  } catch {
    return null;
  }
  if (z.safeParse(unknownAnswer, body).success) return null;
  const parsed = z.safeParse(addressAnswer, body); // z.object drops the fields it does not name
  return parsed.success ? parsed.data : null;
}
