/** The EIN shape the settings form accepts: two digits, a dash, seven digits. */
export const EIN_PATTERN = /^\d{2}-\d{7}$/;
export const EIN_MAX_LENGTH = 10;

/**
 * Formats what the user types into an EIN as they type: digits only, a dash after the second
 * digit, at most 9 digits (10 characters with the dash). Anything else typed is dropped.
 */
export function formatEin(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 9);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)}-${digits.slice(2)}`;
}
