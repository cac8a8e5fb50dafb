// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRealtime } from './realtime';

/** An EventSource the test drives: it opens and delivers events when told to. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  readonly listeners = new Map<string, ((e: Event) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string, event: Event) {
    for (const fn of this.listeners.get(type) ?? []) fn(event);
  }
  close() {
    this.closed = true;
  }
}

function Plan({ read }: { read: () => Promise<string> }) {
  useRealtime();
  const plan = useQuery({ queryKey: ['plan'], queryFn: read });
  return <p>{plan.data ?? 'loading'}</p>;
}

function renderWith(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeEventSource.last = null;
});

describe('useRealtime', () => {
  it('reads the page again when the stream opens, so a change made before it was listening is shown', async () => {
    let plan = 'Free';
    const read = vi.fn(async () => plan);
    renderWith(<Plan read={read} />);
    await screen.findByText('Free');
    // The plan changes while the stream is not yet open: its event is never delivered here.
    plan = 'Premium';
    act(() => FakeEventSource.last?.emit('open', new Event('open')));
    await screen.findByText('Premium');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('refreshes the queries of an event’s topic only, and closes the stream when the page goes', async () => {
    let plan = 'Free';
    const read = vi.fn(async () => plan);
    const view = renderWith(<Plan read={read} />);
    await screen.findByText('Free');
    plan = 'Premium';
    const change = (topic: string) =>
      act(() => FakeEventSource.last?.emit('change', new MessageEvent('change', { data: JSON.stringify({ topic }) })));
    // Outreach's queries do not include the plan: it stays as read.
    change('outreach');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByText('Free')).toBeTruthy();
    expect(read).toHaveBeenCalledTimes(1);
    // Billing's do.
    change('billing');
    await screen.findByText('Premium');
    const source = FakeEventSource.last;
    view.unmount();
    expect(source?.closed).toBe(true);
  });
});
