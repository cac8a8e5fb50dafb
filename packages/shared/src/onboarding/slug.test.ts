import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify (custom ad type slug)', () => {
  it('lower-cases, drops punctuation and turns spaces into hyphens', () => {
    expect(slugify("Coach's Corner: Video!")).toBe('coachs-corner-video');
    expect(slugify('  Dugout   Sign ')).toBe('dugout-sign');
  });

  it('keeps letters and digits of any script', () => {
    expect(slugify('Café Sign 2')).toBe('café-sign-2');
  });

  it('is at most 32 characters and never ends with a hyphen', () => {
    const slug = slugify('An extraordinarily long sponsorship type label that goes on');
    expect(slug.length).toBeLessThanOrEqual(32);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug).toBe('an-extraordinarily-long-sponsors');
  });

  it('is empty for a label with nothing sluggable', () => {
    expect(slugify('!!!')).toBe('');
  });
});
