import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, useForm } from 'react-hook-form';
import { CAUSES } from '@easyfund/shared/constants';
import {
  type TCreateFundForm,
  type TCreateFundRequest,
  ZCreateFundRequest,
} from '@easyfund/shared/schemas/funds';
import { Field } from '../../../components/field';
import { formFields, TextAreaField, TextField } from '../../../components/text-field';
import { useI18n } from '../../../lib/i18n';
import { FormImageField } from './image-field';

interface FundFormProps {
  defaultValues: DefaultValues<TCreateFundForm>;
  raiser: { name: string; email: string };
  submitLabel: string;
  busyLabel: string;
  onSubmit: (values: TCreateFundRequest) => Promise<void>;
}

/** The fund fields of Request for Fund and Update Your Fund. */
export function FundForm({
  defaultValues,
  raiser,
  submitLabel,
  busyLabel,
  onSubmit,
}: FundFormProps) {
  const { t } = useI18n();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TCreateFundForm, unknown, TCreateFundRequest>({
    resolver: zodResolver(ZCreateFundRequest),
    defaultValues,
  });
  const field = formFields(register, errors);

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="card bg-base-100 shadow">
      <div className="card-body grid grid-cols-1 gap-3 md:grid-cols-2">
        <TextField label="Event Name" {...field('name')} />
        <Field label="Cause" error={errors.cause?.message}>
          {(p) => (
            <select {...p} {...register('cause')} className="select select-bordered w-full">
              <option value="">{t('Choose a cause')}</option>
              {CAUSES.map((c) => (
                <option key={c.id} value={c.id}>
                  {t(c.title)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField label="Raiser Name" value={raiser.name} readOnly />
        <TextField label="Raiser Email" value={raiser.email} readOnly />
        <TextField
          label="Goal (Tk)"
          hint="The whole amount you want to raise"
          {...field('goalTk')}
          type="text"
          inputMode="numeric"
        />
        <TextField
          label="Suggested Amount (Tk)"
          hint="The amount suggested to each donor, in whole Tk"
          {...field('suggestedTk')}
          type="text"
          inputMode="numeric"
        />
        <div className="md:col-span-2">
          <FormImageField control={control} name="image" />
        </div>
        <div className="md:col-span-2">
          <TextAreaField label="Description" {...field('description')} rows={5} />
        </div>
        <button type="submit" className="btn btn-primary md:col-span-2" disabled={isSubmitting}>
          {isSubmitting ? t(busyLabel) : t(submitLabel)}
        </button>
      </div>
    </form>
  );
}
