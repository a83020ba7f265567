import { useNavigate } from '../../../lib/router';
import { MSG } from '@easyfund/shared/texts';
import { usePhoneSignInApi, useRefreshSession } from '../../../api/session';
import { PhoneSignIn } from '../../../components/phone-sign-in';
import { popup } from '../../../lib/popups';

/**
 * The phone sign-in inside "You have to Login first": signed in (or up), the dialog closes
 * and the donor goes on to `returnTo` — the pay step with the gift chosen (decision 016).
 * Loaded with its checks and popups only when the dialog opens.
 */
export function PromptPhoneSignIn({
  returnTo,
  onSignedIn,
}: {
  returnTo: string;
  onSignedIn: () => void;
}) {
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const api = usePhoneSignInApi();
  const signedIn = async () => {
    await refreshSession();
    onSignedIn();
    void popup.success(MSG.loginSuccess);
    await navigate(returnTo);
  };
  return <PhoneSignIn api={api} onDone={signedIn} />;
}
