/**
 * The font stacks of the pages the server draws itself (the API reference, the local mailbox):
 * the same as the web app's `--font-sans` and `--font-mono` (apps/web/src/theme.css), so every
 * page of Pennant is set in one family.
 */
export const FONT_SANS =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol", "Noto Color Emoji"';
export const FONT_MONO =
  'ui-monospace, SFMono-Regular, Menlo, Monaco, Consolas, "Liberation Mono", "Courier New", monospace';
