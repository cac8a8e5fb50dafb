import { BLAST_MESSAGES, type TBlastStatusReply } from '@pennant/shared/outreach/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

import { stopAllBlastWatchers, watchBlast } from './blast-progress';

const status = (over: Partial<TBlastStatusReply>): TBlastStatusReply => ({
  id: 'blast',
  status: 'queued',
  total: 7,
  sent: 0,
  failed: 0,
  skipped: 0,
  queued: 7,
  completedAt: null,
  ...over,
});

const said = () => [
  ...toast.info.mock.calls.map((c) => `info:${c[0]}`),
  ...toast.success.mock.calls.map((c) => `success:${c[0]}`),
  ...toast.warning.mock.calls.map((c) => `warning:${c[0]}`),
  ...toast.error.mock.calls.map((c) => `error:${c[0]}`),
];

beforeEach(() => {
  vi.useFakeTimers();
  for (const f of Object.values(toast)) f.mockReset();
});
afterEach(() => {
  stopAllBlastWatchers();
  vi.useRealTimers();
});

describe('the blast watcher', () => {
  it('says it is processing, polls after 3 s then every 8 s, toasts the fifth e-mail and the end, then stops', async () => {
    const replies = [status({ sent: 2 }), status({ sent: 5 }), status({ sent: 7, status: 'completed' })];
    const fetchStatus = vi.fn(async () => replies.shift() ?? status({ sent: 7, status: 'completed' }));
    watchBlast('blast', fetchStatus);
    expect(said()).toEqual([`info:${BLAST_MESSAGES.processing}`]);

    await vi.advanceTimersByTimeAsync(2_999);
    expect(fetchStatus).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    expect(fetchStatus).toHaveBeenCalledWith('blast');

    await vi.advanceTimersByTimeAsync(7_999);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    expect(said()).toContain(`info:${BLAST_MESSAGES.progress(5, 7)}`);

    await vi.advanceTimersByTimeAsync(8_000);
    expect(said()).toContain(`success:${BLAST_MESSAGES.completed(7)}`);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    expect(said()).toEqual([
      `info:${BLAST_MESSAGES.processing}`,
      `info:${BLAST_MESSAGES.progress(5, 7)}`,
      `success:${BLAST_MESSAGES.completed(7)}`,
    ]);
  });

  it('warns with the failures at the end', async () => {
    watchBlast('blast', async () => status({ sent: 5, failed: 2, status: 'completed' }));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(said()).toContain(`warning:${BLAST_MESSAGES.completedWithFailures(2, 7)}`);
  });

  it('says a failing status call once and keeps polling', async () => {
    const fetchStatus = vi
      .fn<(id: string) => Promise<TBlastStatusReply>>()
      .mockRejectedValueOnce(new Error('Server down'))
      .mockRejectedValueOnce(new Error('Server down'))
      .mockResolvedValue(status({ sent: 7, status: 'completed' }));
    watchBlast('blast', fetchStatus);
    await vi.advanceTimersByTimeAsync(3_000 + 8_000);
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith(BLAST_MESSAGES.startFailed('Server down'));
    await vi.advanceTimersByTimeAsync(8_000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    expect(toast.success).toHaveBeenCalledWith(BLAST_MESSAGES.completed(7));
  });
});
