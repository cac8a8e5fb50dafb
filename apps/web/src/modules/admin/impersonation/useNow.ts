import { ADMIN_LIMITS } from '@pennant/shared/admin/schemas';
import { useEffect, useState } from 'react';

/** The current time in ms, updated every `intervalMs` (the banner's minute, spec 000 §2). */
export function useNow(intervalMs: number = ADMIN_LIMITS.bannerRefreshMs): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
