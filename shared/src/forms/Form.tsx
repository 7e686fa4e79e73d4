import type { FormHTMLAttributes } from 'react';
import { FormProvider, type FieldValues, type SubmitHandler, type UseFormReturn } from 'react-hook-form';

type Props<TValues extends FieldValues, TOutput> = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** Called with the schema's output once every field is valid. */
  onSubmit: SubmitHandler<TOutput>;
};

/**
 * A form whose fields (`<Field>`) find their state by context. The browser's own validation is off
 * (`noValidate`): the schema's Portuguese messages show under each field instead (product-spec §5).
 */
export function Form<TValues extends FieldValues, TOutput>({ form, onSubmit, children, ...props }: Props<TValues, TOutput>) {
  return (
    <FormProvider {...form}>
      <form noValidate {...props} onSubmit={form.handleSubmit(onSubmit)}>
        {children}
      </form>
    </FormProvider>
  );
}
