import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { safeParseAsync } from 'zod/mini';
import type * as core from 'zod/v4/core';
import { validationMessage } from '@consig/shared/contracts';

/**
 * Validates a react-hook-form form with a zod schema (classic or mini), one message per field (the
 * first issue), so the screens show exactly the Portuguese texts the schemas carry, and where a schema
 * sets none, the API's own (validationMessage, given to each parse: each remote bundles its own zod, so
 * a global zod setting would reach one copy only).
 */
export function zodResolver<S extends core.$ZodType<FieldValues, FieldValues>>(
  schema: S,
): Resolver<core.input<S>, unknown, core.output<S>> {
  return async (values) => {
    const result = await safeParseAsync(schema, values, { error: validationMessage });
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<core.input<S>> };
  };
}
