import { installValidationMessages } from '@consig/shared/contracts';

/**
 * Validation messages in Brazilian Portuguese for every schema without its own message (the contracts set
 * their own where the spec fixes a text): shared/src/contracts/validationMessages.ts, which the browser
 * installs too, so its forms show the words the API would answer. Global (zod's config is): imported once by app.ts.
 */
installValidationMessages();
