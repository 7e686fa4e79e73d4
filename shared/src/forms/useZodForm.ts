import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
import type * as core from 'zod/v4/core';
import { zodResolver } from './zodResolver';

/**
 * A react-hook-form form validated by a zod schema (usually a request schema of shared/src/contracts, so
 * the browser shows the very messages the API would answer). Errors show once a field is left, and
 * again on every change after that.
 */
export function useZodForm<S extends core.$ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<core.input<S>, unknown, core.output<S>>, 'resolver'> = {},
) {
  return useForm<core.input<S>, unknown, core.output<S>>({ mode: 'onTouched', ...options, resolver: zodResolver(schema) });
}
