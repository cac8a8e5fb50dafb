/** A custom ad type's slug: lower-cased label, punctuation removed, spaces to hyphens, 32 chars max. */
export function slugify(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, 32)
    .replace(/-+$/, '');
}
