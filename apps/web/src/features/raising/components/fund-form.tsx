import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type DefaultValues, useForm } from 'react-hook-form';
import { CAUSES } from '@easyfund/shared/constants';
import {
  type TCreateFundForm,
  type TCreateFundRequest,
  ZCreateFundRequest,
} from '@easyfund/shared/schemas/funds';
import { Field } from '../../../components/field';
import { TextAreaField, TextField } from '../../../components/text-field';
import { useI18n } from '../../../lib/i18n';
import { ImageField } from './image-field';

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

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="card bg-base-100 shadow">
      <div className="card-body grid grid-cols-1 gap-3 md:grid-cols-2">
        <TextField
          label="Event Name"
          error={errors.name?.message}
          registration={register('name')}
        />
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
          error={errors.goalTk?.message}
          hint="The whole amount you want to raise"
          registration={register('goalTk')}
          type="text"
          inputMode="numeric"
        />
        <TextField
          label="Suggested Amount (Tk)"
          error={errors.suggestedTk?.message}
          hint="The amount suggested to each donor, in whole Tk"
          registration={register('suggestedTk')}
          type="text"
          inputMode="numeric"
        />
        <div className="md:col-span-2">
          <Controller
            control={control}
            name="image"
            render={({ field, fieldState }) => (
              <ImageField
                value={String(field.value ?? '')}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        </div>
        <div className="md:col-span-2">
          <TextAreaField
            label="Description"
            error={errors.description?.message}
            registration={register('description')}
            rows={5}
          />
        </div>
        <button type="submit" className="btn btn-primary md:col-span-2" disabled={isSubmitting}>
          {isSubmitting ? t(busyLabel) : t(submitLabel)}
        </button>
      </div>
    </form>
  );
}
