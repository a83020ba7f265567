import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { MAX_UPLOAD_BYTES, UPLOAD_MIME_TYPES } from '@easyfund/shared/constants';
import { UPDATE_BODY_MAX, ZCreateFundUpdateRequest } from '@easyfund/shared/schemas/updates';
import { usePostFundUpdate } from '../../../api/updates';
import { useUploadImage } from '../../../api/uploads';
import { ApiError } from '../../../lib/api';
import { useI18n } from '../../../lib/i18n';

/** The organiser's form: the text of an update and an optional photo. */
export function PostUpdateForm({ fundId }: { fundId: string }) {
  const { t } = useI18n();
  const id = useId();
  const [body, setBody] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ body?: string; image?: string; form?: string }>({});
  const [posted, setPosted] = useState<'published' | 'waiting' | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const upload = useUploadImage();
  const post = usePostFundUpdate(fundId);

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    setErrors((x) => ({ ...x, image: undefined }));
    setImage(null);
    if (!file) return;
    if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) {
      setErrors((x) => ({ ...x, image: 'Only JPEG, PNG or WebP images can be uploaded' }));
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setErrors((x) => ({ ...x, image: 'The image must be at most 2 MB' }));
      return;
    }
    try {
      setImage(await upload.mutateAsync(file));
    } catch (err) {
      setErrors((x) => ({
        ...x,
        image: err instanceof ApiError ? err.message : 'The upload failed, please try again',
      }));
    }
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setPosted(null);
    const parsed = ZCreateFundUpdateRequest.safeParse({ body, image });
    if (!parsed.success) {
      setErrors({ body: parsed.error.issues.find((i) => i.path[0] === 'body')?.message });
      return;
    }
    try {
      const update = await post.mutateAsync({ body, image });
      setBody('');
      setImage(null);
      setFileKey((k) => k + 1);
      setErrors({});
      setPosted(update.status === 'approved' ? 'published' : 'waiting');
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      else setErrors({ form: err instanceof Error ? err.message : 'Something went wrong!' });
    }
  }

  const busy = upload.isPending || post.isPending;
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      className="mt-4 flex flex-col gap-3 rounded-box bg-base-200/60 p-4"
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {t('Post an update')}
      </h3>
      <p className="text-sm text-base-content/80">
        {t('Donors who asked to hear how this fund is doing get it by e-mail.')}{' '}
        {t(
          "A fund's first update is published once an admin has approved it. At most 3 updates a day.",
        )}
      </p>
      <div>
        <label htmlFor={`${id}-body`} className="label pb-1 text-sm font-medium text-base-content">
          {t('Your update')}
        </label>
        <textarea
          id={`${id}-body`}
          className="textarea textarea-bordered w-full"
          rows={4}
          maxLength={UPDATE_BODY_MAX}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-invalid={Boolean(errors.body)}
          aria-describedby={errors.body ? `${id}-body-error` : undefined}
        />
        {errors.body && (
          <p id={`${id}-body-error`} role="alert" className="mt-1 text-sm text-error">
            {t(errors.body)}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-file`} className="label pb-1 text-sm font-medium text-base-content">
          {t('Photo (optional; JPEG, PNG or WebP, at most 2 MB)')}
        </label>
        <input
          key={fileKey}
          id={`${id}-file`}
          type="file"
          accept={UPLOAD_MIME_TYPES.join(',')}
          className="file-input file-input-bordered w-full max-w-md"
          onChange={(e) => void onFile(e)}
          aria-invalid={Boolean(errors.image)}
          aria-describedby={errors.image ? `${id}-file-error` : undefined}
        />
        {errors.image && (
          <p id={`${id}-file-error`} role="alert" className="mt-1 text-sm text-error">
            {t(errors.image)}
          </p>
        )}
        {upload.isPending && <p className="mt-1 text-sm">{t('Uploading…')}</p>}
      </div>
      {errors.form && (
        <p role="alert" className="text-sm text-error">
          {t(errors.form)}
        </p>
      )}
      <div className="flex items-center gap-3">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('Post update')}
        </button>
        <p role="status" className="text-sm text-emerald-800">
          {posted === 'published' && t('Your update is posted.')}
          {posted === 'waiting' && t("Your first update is waiting for an admin's review.")}
        </p>
      </div>
    </form>
  );
}
