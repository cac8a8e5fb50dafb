import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.0 and 2.1 levels A and AA rules: what the issue's "0 serious or critical" counts. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

export interface TScanOptions {
  /** A part of the page to scan (an open dialog, a tab's panel) instead of all of it. */
  include?: string;
  /**
   * Rules that are false positives in this state of the page, each with its reason; kept to the
   * scans that need it and recorded in docs/decisions.md ("Accessibility (issue 18)").
   */
  falsePositives?: Record<string, string>;
}

/**
 * Runs axe on the page as it is now and fails with every serious or critical violation: its
 * rule, impact, the elements' selectors and axe's help text with its link, so a failure says
 * what to fix without opening the trace.
 */
export async function expectNoSeriousViolations(page: Page, label: string, options: TScanOptions = {}): Promise<void> {
  // Legacy mode runs axe.run() in the page itself; the default runs each frame's part and then
  // finishes in a new blank page, which costs a page per scan (three to four times the time here).
  // The app has no cross-origin frames, the one thing legacy mode leaves out. Only violations are
  // collected (passes and incomplete results are not needed).
  let builder = new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(TAGS)
    .options({ resultTypes: ['violations'] });
  if (options.include) builder = builder.include(options.include);
  if (options.falsePositives) builder = builder.disableRules(Object.keys(options.falsePositives));
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact && BLOCKING.has(v.impact));
  const report = serious.map((v) => {
    const targets = v.nodes.map(
      (n) => `    ${n.target.join(' ')}${n.failureSummary ? ` (${firstLine(n.failureSummary)})` : ''}`,
    );
    return `  ${v.id} [${v.impact}] ${v.help} — ${v.helpUrl}\n${targets.join('\n')}`;
  });
  // Soft: one run lists every page's violations, not only the first page's.
  expect.soft(report, `${label}: serious or critical accessibility violations`).toEqual([]);
}

/** axe's failure summary's first reason ("Fix any of the following:" dropped). */
function firstLine(summary: string): string {
  const lines = summary
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^Fix (any|all) of the following:$/.test(l));
  return lines[0] ?? '';
}
