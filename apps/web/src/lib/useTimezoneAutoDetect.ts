import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { browserTimezone } from '@/lib/timezone';
import { fetchTimezonePreference, useSaveTimezone } from '@/modules/settings/settings-api';

/**
 * Spec §4: after sign-in, when auto-detect is on and the browser's zone differs from the saved
 * one, the saved zone follows the browser (a missing profile is created by the server).
 */
export function useTimezoneAutoDetect(userId: string): void {
  const queryClient = useQueryClient();
  const { mutateAsync: saveTimezone } = useSaveTimezone();
  useEffect(() => {
    let cancelled = false;
    const browser = browserTimezone();
    // Runs again when another user signs in on this tab.
    if (!browser || !userId) return;
    fetchTimezonePreference(queryClient)
      .then(async (pref) => {
        if (cancelled || !pref.autoDetect || pref.timezone === browser) return;
        await saveTimezone({ timezone: browser, autoDetect: true });
      })
      .catch(() => {
        // The timezone tab reports load failures; here the saved zone simply stays as it is.
      });
    return () => {
      cancelled = true;
    };
  }, [userId, queryClient, saveTimezone]);
}
