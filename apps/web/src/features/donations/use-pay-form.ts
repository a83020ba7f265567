import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  useForm,
  useWatch,
} from 'react-hook-form';

/**
 * A card form's react-hook-form (its schema's resolver, its first values) and the amount as
 * typed so far, for the pay button's label.
 */
export function usePayForm<Input extends FieldValues & { amountTk: unknown }, Output>(
  resolver: Resolver<Input, unknown, Output>,
  defaultValues: DefaultValues<Input>,
) {
  const { register, handleSubmit, control, formState } = useForm<Input, unknown, Output>({
    resolver,
    defaultValues,
  });
  const amount: unknown = useWatch({ control, name: 'amountTk' as Path<Input> });
  return { register, handleSubmit, errors: formState.errors, amount };
}
