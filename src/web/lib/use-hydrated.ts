import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React takes over a page the build drew (ADR 042), true from then on and in any page drawn in the browser:
 * what depends on this browser alone (a stored choice) shows once the drawn page is taken over, so both agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
