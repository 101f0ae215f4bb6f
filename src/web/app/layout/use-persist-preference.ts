import type { Preferences } from '#core/profile/schemas';
import { useSession } from '#web/features/auth/api/session';
import { useUpdatePreferences } from '#web/features/profile/api/me';

/** Saves a preference to the account when someone is signed in; the device keeps it either way. */
export function usePersistPreference(): (patch: Partial<Preferences>) => void {
  const session = useSession();
  const update = useUpdatePreferences();
  return (patch) => {
    if (session.data) update.mutate(patch);
  };
}
