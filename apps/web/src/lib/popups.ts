import Swal from 'sweetalert2';
import { MSG } from '@easyfund/shared/texts';
import { ApiError } from './api';
import { t } from './i18n';
import { messageOf } from './message-of';

/** The site's colours (index.css) instead of SweetAlert2's purple. */
const COLOURS = {
  confirmButtonColor: 'var(--color-primary)',
  cancelButtonColor: 'var(--color-error)',
} as const;

/** All popups go through here so the specification's texts live in one place. */
export const popup = {
  success(title: string, text?: string, footer?: string, values?: Record<string, string>) {
    return Swal.fire({
      icon: 'success',
      title: t(title),
      text: text && t(text, values),
      footer: footer && t(footer),
      timer: 2500,
      showConfirmButton: false,
    });
  },
  error(title: string, text?: string, footer?: string, values?: Record<string, string>) {
    return Swal.fire({
      icon: 'error',
      title: t(title),
      text: text && t(text, values),
      footer: footer && t(footer),
      confirmButtonText: t('OK'),
      ...COLOURS,
    });
  },
  /** 'Oops...' with 'Something went wrong!' and the error in the footer. */
  failure(message: string) {
    return Swal.fire({
      icon: 'error',
      title: t(MSG.oops),
      text: t(MSG.somethingWrong),
      footer: t(message),
      confirmButtonText: t('OK'),
      ...COLOURS,
    });
  },
  info(title: string, text?: string, values?: Record<string, string>) {
    return Swal.fire({
      icon: 'info',
      title: t(title),
      text: text && t(text, values),
      confirmButtonText: t('OK'),
      ...COLOURS,
    });
  },
  async confirmDelete(): Promise<boolean> {
    const result = await Swal.fire({
      title: t(MSG.confirmTitle),
      text: t(MSG.confirmText),
      icon: 'warning',
      showCancelButton: true,
      ...COLOURS,
      confirmButtonText: t(MSG.confirmButton),
      cancelButtonText: t('Cancel'),
    });
    return result.isConfirmed;
  },
  /** A question with Yes / Cancel; true when confirmed. */
  async confirm(
    title: string,
    text: string,
    confirmButton: string,
    values?: Record<string, string>,
  ): Promise<boolean> {
    const result = await Swal.fire({
      title: t(title, values),
      text: t(text, values),
      icon: 'question',
      showCancelButton: true,
      ...COLOURS,
      confirmButtonText: t(confirmButton),
      cancelButtonText: t('Cancel'),
    });
    return result.isConfirmed;
  },
  /**
   * A question that needs a reason for the records: the reason given (trimmed), or null
   * when cancelled. An empty reason is refused in the popup itself.
   */
  async confirmWithReason(
    title: string,
    text: string,
    confirmButton: string,
    values?: Record<string, string>,
  ): Promise<string | null> {
    const result = await Swal.fire({
      title: t(title, values),
      text: t(text, values),
      icon: 'question',
      input: 'textarea',
      inputLabel: t('Reason for the records'),
      inputAttributes: { maxlength: '500' },
      inputValidator: (value: string) => (value.trim() ? null : t('Give a reason')),
      showCancelButton: true,
      ...COLOURS,
      confirmButtonText: t(confirmButton),
      cancelButtonText: t('Cancel'),
    });
    return result.isConfirmed ? String(result.value ?? '').trim() : null;
  },
  /**
   * A refused decision: when the item changed after the admin opened it (409
   * changed_since_viewed), says so (the page shows the current version, reloaded by the
   * mutation); anything else as a failure.
   */
  decisionFailed(err: unknown) {
    if (err instanceof ApiError && err.code === 'changed_since_viewed') {
      return Swal.fire({
        icon: 'warning',
        title: t('Changed since you opened it'),
        text: t(
          'It was changed after you opened it. The page now shows the current version: look at it again before you decide.',
        ),
        confirmButtonText: t('OK'),
        ...COLOURS,
      });
    }
    return this.failure(messageOf(err));
  },
};
