import Swal from 'sweetalert2';
import { MSG } from '@easyfund/shared/texts';

/** All popups go through here so the specification's texts live in one place. */
export const popup = {
  success(title: string, text?: string, footer?: string) {
    return Swal.fire({
      icon: 'success',
      title,
      text,
      footer,
      timer: 2500,
      showConfirmButton: false,
    });
  },
  error(title: string, text?: string, footer?: string) {
    return Swal.fire({ icon: 'error', title, text, footer });
  },
  /** 'Oops...' with 'Something went wrong!' and the error in the footer. */
  failure(message: string) {
    return Swal.fire({ icon: 'error', title: MSG.oops, text: MSG.somethingWrong, footer: message });
  },
  info(title: string, text?: string) {
    return Swal.fire({ icon: 'info', title, text });
  },
  async confirmDelete(): Promise<boolean> {
    const result = await Swal.fire({
      title: MSG.confirmTitle,
      text: MSG.confirmText,
      icon: 'warning',
      showCancelButton: true,
      confirmButtonColor: '#0f766e',
      cancelButtonColor: '#d33',
      confirmButtonText: MSG.confirmButton,
    });
    return result.isConfirmed;
  },
};
