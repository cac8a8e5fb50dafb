import { describe, expect, it } from 'vitest';
import { LIMIT_REACHED, upgradeDescription } from './upgrade-copy';

describe('upgradeDescription', () => {
  it('never speaks of a limit when the person asked to upgrade', () => {
    expect(upgradeDescription('upgrade')).not.toMatch(/reached a limit/i);
  });

  it('speaks of the limit only when one was hit', () => {
    expect(upgradeDescription('limit')).toBe(LIMIT_REACHED);
  });

  it('shows the limit the server named', () => {
    const reason = 'Your plan allows 1 team member. Upgrade to Premium to invite more.';
    expect(upgradeDescription('limit', reason)).toBe(reason);
    expect(upgradeDescription('upgrade', reason)).toBe(reason);
  });
});
