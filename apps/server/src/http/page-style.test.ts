import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FONT_MONO, FONT_SANS } from './page-style';

const webCss = readFileSync(resolve(import.meta.dirname, '../../../web/src/theme.css'), 'utf8');

/** A CSS custom property of the web app's theme, with its whitespace and quotes made uniform. */
function themeValue(name: string): string {
  const found = new RegExp(`${name}:([^;]+);`).exec(webCss)?.[1] ?? '';
  return normalize(found);
}
const normalize = (stack: string) => stack.replace(/\s+/g, ' ').replace(/'/g, '"').trim();

describe('page fonts', () => {
  it('the server pages use the web app font stacks', () => {
    expect(themeValue('--font-sans')).toBe(normalize(FONT_SANS));
    expect(themeValue('--font-mono')).toBe(normalize(FONT_MONO));
  });
});
