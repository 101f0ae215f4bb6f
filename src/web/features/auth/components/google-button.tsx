import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { GoogleIcon } from '#web/components/ui/icons';
import { useAppConfig } from '#web/lib/config';
import { useErrorText } from '#web/lib/errors';
import { useSocialSignIn } from '../api/auth';
import { googleCallbackUrl } from '../api/google';
import { rememberNext } from './next-path';

/** "Continue with Google", shown only when the server has Google sign-in configured. */
export function GoogleButton({ next, onError }: { next?: string | null; onError?: (message: string) => void }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const social = useSocialSignIn();
  const errorText = useErrorText();
  if (!config.data?.googleEnabled) return null;
  const appConfig = config.data;

  function start() {
    rememberNext(next);
    // A refused or failed Google sign-in comes back to the callback page too, which shows the provider's error.
    const callbackURL = googleCallbackUrl(appConfig, window.location);
    social.mutate(
      { provider: 'google', callbackURL, errorCallbackURL: callbackURL },
      {
        onSuccess: ({ url }) => window.location.assign(url),
        onError: (error) => onError?.(errorText(error)),
      },
    );
  }

  return (
    <>
      <Button variant="outline" className="w-full" onClick={start} loading={social.isPending || social.isSuccess} icon={<GoogleIcon className="text-lg" />}>
        {t('auth.continueWithGoogle')}
      </Button>
      <div className="flex items-center gap-3 text-xs text-zinc-500 uppercase dark:text-zinc-400">
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
        {t('auth.or')}
        <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      </div>
    </>
  );
}
