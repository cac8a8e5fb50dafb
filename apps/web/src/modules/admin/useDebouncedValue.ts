import { ADMIN_LIMITS } from '@pennant/shared/admin/schemas';
import { useEffect, useState } from 'react';

/** The value, once it has stayed the same for `delay` ms (the admin searches: 300 ms, spec 002 §5.8). */
export function useDebouncedValue<T>(value: T, delay: number = ADMIN_LIMITS.searchDebounceMs): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
