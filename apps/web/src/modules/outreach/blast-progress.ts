import { blastToasts } from '@pennant/shared/outreach/rules';
import { BLAST_LIMITS, BLAST_MESSAGES, type TBlastStatusReply } from '@pennant/shared/outreach/schemas';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api';
import { fetchBlastStatus } from './outreach-api';

/**
 * The watcher of a queued blast (spec 002 §4.5, §8.2). It lives at module level, not in the
 * dialog: the dialog closes on Send and the toasts go on, on whatever page the member opens. It
 * says the blast is processing, polls the status after 3 s and then every 8 s, toasts every fifth
 * e-mail sent and the end, and stops when the blast is completed. A failing poll says so once
 * and the polling goes on.
 */

type TFetchStatus = (id: string) => Promise<TBlastStatusReply>;

const watchers = new Map<string, () => void>();

export function watchBlast(campaignId: string, fetchStatus: TFetchStatus = fetchBlastStatus): () => void {
  watchers.get(campaignId)?.();
  toast.info(BLAST_MESSAGES.processing);
  let previous: TBlastStatusReply | null = null;
  let errorShown = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const stop = () => {
    stopped = true;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (watchers.get(campaignId) === stop) watchers.delete(campaignId);
  };
  const schedule = (ms: number) => {
    if (!stopped) timer = setTimeout(() => void poll(), ms);
  };
  const poll = async () => {
    timer = null;
    try {
      const current = await fetchStatus(campaignId);
      if (stopped) return;
      for (const t of blastToasts(previous, current)) toast[t.kind](t.text);
      previous = current;
      if (current.status === 'completed') {
        stop();
        return;
      }
    } catch (err) {
      if (stopped) return;
      if (!errorShown) toast.error(BLAST_MESSAGES.startFailed(errorMessage(err, 'Unknown error')));
      errorShown = true;
    }
    schedule(BLAST_LIMITS.pollEveryMs);
  };

  watchers.set(campaignId, stop);
  schedule(BLAST_LIMITS.firstPollMs);
  return stop;
}

/** Stops every watcher (sign-out, tests). */
export function stopAllBlastWatchers(): void {
  for (const stop of [...watchers.values()]) stop();
}

/** The dialog's handle on the watcher: start it for a queued blast. */
export function useBlastProgress(): { watch: (campaignId: string) => void } {
  return { watch: (campaignId) => void watchBlast(campaignId) };
}
