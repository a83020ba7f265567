import { forwardRef, lazy, Suspense, useId, useImperativeHandle, useRef, useState } from 'react';
import { Link } from '../../../lib/link';
import { MSG } from '@easyfund/shared/texts';
import { Glyph } from '../../../components/glyph';
import { useI18n } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';

// The number's checks and the popups load when the dialog first opens, not with the page.
const PromptPhoneSignIn = lazy(() =>
  import('./prompt-phone-sign-in').then((m) => ({ default: m.PromptPhoneSignIn })),
);

const PADLOCK =
  'M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 1 1 6 0v3H9z';

/** What the pages holding the prompt do with it. */
export interface LoginPromptHandle {
  showModal: () => void;
}

/**
 * 'You have to Login first': a modal dialog whose Login button goes to /login and
 * comes back to `returnTo` after sign-in. Open it with `ref.current.showModal()`.
 * A mobile number signs in (or up) right in the dialog and goes on to `returnTo` with the
 * gift chosen: one tap fewer than through the sign-in page (decision 016).
 */
export const LoginPrompt = forwardRef<LoginPromptHandle, { returnTo: string }>(function LoginPrompt(
  { returnTo },
  ref,
) {
  const titleId = useId();
  const { t } = useI18n();
  const dialogRef = useRef<HTMLDialogElement>(null);
  // Opened once: the phone form is loaded. A new form each time it opens again.
  const [round, setRound] = useState(0);
  useImperativeHandle(ref, () => ({
    showModal: () => {
      setRound((r) => r + 1);
      dialogRef.current?.showModal();
    },
  }));

  return (
    <dialog ref={dialogRef} className="modal" aria-labelledby={titleId}>
      <div className="modal-box text-center">
        <Glyph d={PADLOCK} className="mx-auto h-12 w-12 text-orange-600" />
        <h2 id={titleId} className="mt-3 text-2xl font-bold">
          {t(MSG.loginFirst)}
        </h2>
        <p className="mt-2 text-base-content/80">
          {t(
            'Log in to donate or to keep this fund in your selected donations. You will come back to this page.',
          )}
        </p>
        <div className="mt-4 text-left">
          {round > 0 && (
            <Suspense fallback={<span className="loading loading-spinner" aria-hidden="true" />}>
              <PromptPhoneSignIn
                key={round}
                returnTo={returnTo}
                onSignedIn={() => dialogRef.current?.close()}
              />
            </Suspense>
          )}
        </div>
        <div className="divider text-sm">{t('Or with e-mail')}</div>
        <div className="modal-action mt-0 justify-center">
          <form method="dialog">
            <button type="submit" className="btn btn-ghost">
              {t('Cancel')}
            </button>
          </form>
          <Link to={paths.login(returnTo)} className="btn btn-outline btn-primary">
            {t('Login')}
          </Link>
        </div>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          {t('Close')}
        </button>
      </form>
    </dialog>
  );
});
