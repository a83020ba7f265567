import Swal from 'sweetalert2';
import { MSG } from '@easyfund/shared/texts';
import { t } from './i18n';

/** All popups go through here so the specification's texts live in one place. */
export const popup = {
  success(title: string, text?: string, footer?: string) {
    return Swal.fire({
      icon: 'success',
      title: t(title),
      text: text && t(text),
      footer: footer && t(footer),
      timer: 2500,
      showConfirmButton: false,
    });
  },
  error(title: string, text?: string, footer?: string) {
    return Swal.fire({
      icon: 'error',
      title: t(title),
      text: text && t(text),
      footer: footer && t(footer),
    });
  },
  /** 'Oops...' with 'Something went wrong!' and the error in the footer. */
  failure(message: string) {
    return Swal.fire({
      icon: 'error',
      title: t(MSG.oops),
      text: t(MSG.somethingWrong),
      footer: t(message),
    });
  },
  info(title: string, text?: string) {
    return Swal.fire({ icon: 'info', title: t(title), text: text && t(text) });
  },
  async confirmDelete(): Promise<boolean> {
    const result = await Swal.fire({
      title: t(MSG.confirmTitle),
      text: t(MSG.confirmText),
      icon: 'warning',
      showCancelButton: true,
      confirmButtonColor: '#0f766e',
      cancelButtonColor: '#d33',
      confirmButtonText: t(MSG.confirmButton),
      cancelButtonText: t('Cancel'),
    });
    return result.isConfirmed;
  },
};
