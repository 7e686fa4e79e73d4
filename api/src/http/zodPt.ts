import { z } from 'zod';

/**
 * Validation messages in Portuguese for every schema without its own message (the contracts set
 * their own where the spec fixes a text). Global, so imported once by app.ts.
 */
z.config(z.locales.pt());
z.config({
  customError: (issue) => {
    if (issue.code !== 'invalid_type' || issue.input !== undefined) return undefined;
    return issue.path?.length ? 'Este campo é obrigatório.' : 'Envie os dados da requisição em JSON.';
  },
});
