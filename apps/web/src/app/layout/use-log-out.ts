import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { meQuery, signOut } from '../../lib/session';

/** Log Out: on failure, an error dialog with the error message and an error icon. */
export function useLogOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut();
      // Leave the dashboard first, so its guard does not send us to /login.
      await navigate('/');
      queryClient.setQueryData(meQuery.queryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    } catch (err) {
      // Loaded on demand: popups stay out of the first page's JavaScript.
      const { popup } = await import('../../lib/popups');
      await popup.error('Error', err instanceof Error ? err.message : String(err));
    }
  };
}
