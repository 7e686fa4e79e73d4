import type { ClientForm, ClientFormMode } from '@consig/shared';

type Validator = (mode: ClientFormMode) => Promise<ClientForm | null>;

// The mounted client form (there is one attendance screen, so at most one form); null while none is mounted.
let mountedValidator: Validator | null = null;

/** Called by the mounted ClientForm; returns the unregistration for its clean-up. */
export function registerClientFormValidator(validator: Validator): () => void {
  mountedValidator = validator;
  return () => {
    if (mountedValidator === validator) mountedValidator = null;
  };
}

/**
 * Validates the client form as a submit needs it (product-spec §5): 'full' for 'Registrar proposta',
 * 'simulator' for 'Enviar simulação'. Resolves to the client as the schema outputs it, or to null after
 * showing each error under its field, revealing the form, turning edit mode on and focusing the first
 * wrong field. Null too when no client form is mounted (no client loaded).
 */
export function validateClientForm(mode: ClientFormMode): Promise<ClientForm | null> {
  return mountedValidator ? mountedValidator(mode) : Promise.resolve(null);
}
