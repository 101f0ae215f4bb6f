import { useQueryClient } from '@tanstack/react-query';
import type { Preferences } from '#core/profile/schemas';
import { useSession } from '#web/features/auth/api/session';

/**
 * Saves a preference to the account when someone is signed in; the device keeps it either way. The saving code is
 * loaded when first used: the public pages' menus use this, and the profile contract's schemas (with zod) must stay
 * out of their first load.
 */
export function usePersistPreference(): (patch: Partial<Preferences>) => void {
  const session = useSession();
  const queryClient = useQueryClient();
  return (patch) => {
    if (!session.data) return;
    // As before, a preference that could not be saved stays on the device only.
    void import('#web/features/profile/api/me').then((m) => m.savePreferences(queryClient, patch)).catch(() => undefined);
  };
}
