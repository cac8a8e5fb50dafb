import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names (falsy ones skipped) and lets a later Tailwind class win over an earlier
 * one of the same kind, so a caller's `className` can override a component's default.
 */
export function cn(...parts: ClassValue[]): string {
  return twMerge(clsx(parts));
}
