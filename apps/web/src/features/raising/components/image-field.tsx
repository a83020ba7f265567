import { type ChangeEvent, useId, useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { MAX_UPLOAD_BYTES, UPLOAD_MIME_TYPES } from '@easyfund/shared/constants';
import { isImageRef } from '@easyfund/shared/schemas/fields';
import { useUploadImage } from '../../../api/uploads';
import { ApiError } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';

const TOO_LARGE = 'The image must be at most 2 MB';
const WRONG_TYPE = 'Only JPEG, PNG or WebP images can be uploaded';

interface ImageFieldProps {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
}

/** A form's image field (react-hook-form), given the form's control and the field's name. */
export function FormImageField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: Path<T>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ImageField
          value={String(field.value ?? '')}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** An image for a fund or an application: upload a file (JPEG/PNG/WebP ≤ 2 MB) or give an https address. */
export function ImageField({ label = 'Image', value, onChange, onBlur, error }: ImageFieldProps) {
  const id = useId();
  const { t } = useI18n();
  const [mode, setMode] = useState<'upload' | 'url'>(
    value.startsWith('https://') ? 'url' : 'upload',
  );
  const upload = useUploadImage();
  const uploading = upload.isPending;
  const [uploadError, setUploadError] = useState<string | null>(null);
  const shownError = uploadError ?? error;
  const errorId = shownError ? `${id}-error` : undefined;

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    setUploadError(null);
    if (!file) return;
    if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) {
      setUploadError(WRONG_TYPE);
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setUploadError(TOO_LARGE);
      return;
    }
    try {
      onChange(await upload.mutateAsync(file));
    } catch (err) {
      setUploadError(err instanceof ApiError ? err.message : 'The upload failed, please try again');
    }
  }

  return (
    <fieldset
      className="fieldset w-full min-w-0 grid-cols-[minmax(0,1fr)]"
      aria-describedby={errorId}
    >
      <legend className="fieldset-legend text-sm font-medium">{t(label)}</legend>
      <div
        role="radiogroup"
        aria-label={t('How to give the {{what}}', { what: t(label).toLowerCase() })}
        className="join max-w-full flex-wrap"
      >
        <label className="join-item btn btn-sm has-[:checked]:btn-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2">
          <input
            type="radio"
            className="sr-only"
            name={`${id}-mode`}
            checked={mode === 'upload'}
            onChange={() => setMode('upload')}
          />
          {t('Upload a file')}
        </label>
        <label className="join-item btn btn-sm has-[:checked]:btn-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2">
          <input
            type="radio"
            className="sr-only"
            name={`${id}-mode`}
            checked={mode === 'url'}
            onChange={() => setMode('url')}
          />
          {t('Use a web address')}
        </label>
      </div>
      {mode === 'upload' ? (
        <div className="mt-2">
          <label htmlFor={`${id}-file`} className="label pb-1 text-sm whitespace-normal">
            {t('Upload image (JPEG, PNG or WebP, at most 2 MB)')}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept={UPLOAD_MIME_TYPES.join(',')}
            className="file-input file-input-bordered w-full max-w-full min-w-0"
            aria-invalid={Boolean(shownError)}
            aria-describedby={errorId}
            onChange={(e) => void onFile(e)}
            onBlur={onBlur}
            disabled={uploading}
          />
        </div>
      ) : (
        <div className="mt-2">
          <label htmlFor={`${id}-url`} className="label pb-1 text-sm">
            {t('Image URL')}
          </label>
          <input
            id={`${id}-url`}
            type="url"
            placeholder="https://"
            className="input input-bordered w-full"
            value={value.startsWith('/') ? '' : value}
            aria-invalid={Boolean(shownError)}
            aria-describedby={errorId}
            onChange={(e) => {
              setUploadError(null);
              onChange(e.target.value);
            }}
            onBlur={onBlur}
          />
        </div>
      )}
      {uploading && (
        <p role="status" className="mt-1 text-sm">
          {t('Uploading…')}
        </p>
      )}
      {value && isImageRef(value) && !uploading && (
        <img
          src={value}
          alt={t('Chosen image preview')}
          className="mt-2 h-32 w-48 rounded-box border border-base-300 object-cover"
        />
      )}
      {shownError && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-error">
          {t(shownError)}
        </p>
      )}
    </fieldset>
  );
}
