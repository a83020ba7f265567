import { MSG } from '@easyfund/shared/texts';
import { signOut } from '../../api/session';
import { messageOf } from '../../lib/message-of';

/** Log Out: on failure, an error dialog with the error message and an error icon. */
export function useLogOut() {
  return async () => {
    try {
      await signOut();
      // A full load of the home page: every cached query and page state of the signed-in
      // user goes with it, and no guard of the page being left (the dashboard sends a
      // visitor without a session to /login) can act on the cleared session in between.
      window.location.assign('/');
    } catch (err) {
      // Loaded on demand: popups stay out of the first page's JavaScript.
      const { popup } = await import('../../lib/popups');
      await popup.error(MSG.oops, messageOf(err));
    }
  };
}
