// @vitest-environment jsdom
import { ADMIN_MESSAGES } from '@pennant/shared/admin/schemas';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stubResizeObserver } from '../../catalogue/test-helpers';
import { formatCost, TokenUsageChart } from './TokenUsageChart';

beforeAll(stubResizeObserver);
afterEach(cleanup);

describe('Token Usage by Model', () => {
  it('warns when a model passed 1,000,000 tokens', () => {
    render(
      <TokenUsageChart
        days={30}
        usage={[
          { model: 'gpt-4o-mini', tokenCount: 1_000_001, estimatedCost: 0.3 },
          { model: 'gpt-4o', tokenCount: 20_000, estimatedCost: 0.12 },
        ]}
      />,
    );
    expect(screen.getByText(ADMIN_MESSAGES.highTokenUsage)).toBeTruthy();
    expect(screen.getByText('1,000,001')).toBeTruthy();
    expect(screen.getByText('$0.42')).toBeTruthy();
  });

  it('does not warn at exactly 1,000,000', () => {
    render(<TokenUsageChart days={30} usage={[{ model: 'gpt-4o-mini', tokenCount: 1_000_000, estimatedCost: 0.3 }]} />);
    expect(screen.queryByText(ADMIN_MESSAGES.highTokenUsage)).toBeNull();
  });

  it('says so when nothing was used', () => {
    render(<TokenUsageChart days={30} usage={[]} />);
    expect(screen.getByText('No AI usage in the last 30 days.')).toBeTruthy();
  });

  it('shows a sliver of a cent as under a cent', () => {
    expect(formatCost(0.004)).toBe('< $0.01');
    expect(formatCost(0)).toBe('$0.00');
    expect(formatCost(12.5)).toBe('$12.50');
  });
});
