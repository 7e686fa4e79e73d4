import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { safeParseAsync } from 'zod/mini';
import type * as core from 'zod/v4/core';

/**
 * Validates a react-hook-form form with a zod schema (classic or mini), one message per field (the
 * first issue), so the screens show exactly the Portuguese texts the schemas carry.
 */
export function zodResolver<S extends core.$ZodType<FieldValues, FieldValues>>(
  schema: S,
): Resolver<core.input<S>, unknown, core.output<S>> {
  return async (values) => {
    const result = await safeParseAsync(schema, values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<core.input<S>> };
  };
}
