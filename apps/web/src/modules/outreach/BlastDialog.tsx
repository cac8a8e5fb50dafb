import { defaultSubjectSeed } from '@pennant/shared/outreach/rules';
import { BLAST_MESSAGES } from '@pennant/shared/outreach/schemas';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useDebouncedValue } from '../admin/useDebouncedValue';
import { BLAST_UI, ConfirmStep, PreviewStep, PriceListStep, RecipientsStep, StepIndicator } from './BlastSteps';
import { clearBlastDraft, newBlastDraft, readBlastDraft, type TBlastDraftState, writeBlastDraft } from './blast-draft';
import { generatePreviews, type TBlastSample } from './blast-previews';
import { useBlastProgress } from './blast-progress';
import { byContactName } from './blast-selection';
import {
  flattenProspects,
  previewBlastEmail,
  previewErrorMessage,
  useBlastProspects,
  usePriceLists,
  useQueueBlast,
} from './outreach-api';

interface TBlastDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The Prospect Email Blast dialog (spec 002 §2.6): Recipients, Price List, Preview & Personalize,
 * Schedule & Confirm. The wizard is kept as a draft in the browser while it is open; closing it
 * (or sending) clears the draft and starts again from step 1.
 */
export function BlastDialog({ open, onOpenChange }: TBlastDialogProps) {
  const session = useSession();
  const orgId = session.org?.id ?? '';
  const userId = session.user.id;
  const close = () => {
    clearBlastDraft(orgId, userId);
    onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={BLAST_MESSAGES.cardTitle}
      dismissOnOutsideClick={false}
      className="max-w-3xl"
    >
      <BlastWizard orgId={orgId} userId={userId} hasOrg={session.org !== null} onDone={close} />
    </Dialog>
  );
}

interface TWizardProps {
  orgId: string;
  userId: string;
  hasOrg: boolean;
  onDone: () => void;
}

function BlastWizard({ orgId, userId, hasOrg, onDone }: TWizardProps) {
  const [draft, setDraft] = useState<TBlastDraftState>(() => readBlastDraft(orgId, userId) ?? newBlastDraft());
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [seedsError, setSeedsError] = useState(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  // The table follows the search box 300 ms after the last key; only the Recipients step reads it.
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const prospects = useBlastProspects(query, draft.step === 0);
  const firstPage = prospects.data?.pages[0];
  const priceLists = usePriceLists();
  const progressWatch = useBlastProgress();
  const queue = useQueueBlast();

  useEffect(() => {
    writeBlastDraft(orgId, userId, draft);
  }, [orgId, userId, draft]);

  const update = (patch: Partial<TBlastDraftState>) => setDraft((d) => ({ ...d, ...patch }));

  const rows = useMemo(() => flattenProspects(prospects.data), [prospects.data]);
  const recipients = useMemo(() => byContactName(draft.recipients), [draft.recipients]);
  const samples = useMemo(() => new Map(draft.samples.map((s) => [s.prospectId, s])), [draft.samples]);
  const priceList = (priceLists.data ?? []).find((p) => p.id === draft.priceListId);
  const running = progress !== null;
  const previewsReady =
    recipients.length > 0 && recipients.every((r) => (samples.get(r.id)?.subject.trim() ?? '') !== '');

  const choosePriceList = (id: string) => {
    const next = (priceLists.data ?? []).find((p) => p.id === id);
    if (!next || id === draft.priceListId) return;
    // The seed follows the list unless the member wrote their own; previews of another list are stale.
    const previousDefault = priceList ? defaultSubjectSeed(priceList.name) : '';
    const ownSeed = draft.subjectSeed.trim() !== '' && draft.subjectSeed !== previousDefault;
    update({
      priceListId: id,
      subjectSeed: ownSeed ? draft.subjectSeed : defaultSubjectSeed(next.name),
      samples: [],
    });
  };

  const generate = async () => {
    if (draft.subjectSeed.trim() === '' || draft.bodySeed.trim() === '') {
      setSeedsError(true);
      return;
    }
    if (!draft.priceListId || running || recipients.length === 0) return;
    setSeedsError(false);
    setProgress({ done: 0, total: recipients.length });
    const made = await generatePreviews({
      recipients,
      priceListId: draft.priceListId,
      subjectSeed: draft.subjectSeed,
      bodySeed: draft.bodySeed,
      preview: previewBlastEmail,
      describeError: previewErrorMessage,
      onProgress: (done, total) => {
        if (alive.current) setProgress({ done, total });
      },
    });
    if (!alive.current) return;
    setProgress(null);
    setDraft((d) => {
      const mine = new Set(made.map((s) => s.prospectId));
      return { ...d, samples: [...d.samples.filter((s) => !mine.has(s.prospectId)), ...made] };
    });
  };

  const editSample = (prospectId: string, patch: Partial<Pick<TBlastSample, 'subject' | 'html'>>) =>
    setDraft((d) => ({ ...d, samples: d.samples.map((s) => (s.prospectId === prospectId ? { ...s, ...patch } : s)) }));

  const send = () => {
    if (!hasOrg) {
      toast.error(BLAST_MESSAGES.noOrganization);
      return;
    }
    if (!draft.priceListId) return;
    queue.mutate(
      {
        priceListId: draft.priceListId,
        subjectSeed: draft.subjectSeed,
        bodySeed: draft.bodySeed,
        ccRole: draft.ccRole,
        attachPdf: draft.attachPdf,
        recipients: recipients.map((r) => {
          const s = samples.get(r.id);
          return { prospectId: r.id, subject: s?.subject ?? '', html: s?.html ?? '' };
        }),
      },
      {
        onSuccess: (queued) => {
          onDone();
          progressWatch.watch(queued.campaignId);
        },
        onError: (err) => {
          toast.error(BLAST_MESSAGES.queueFailed(errorMessage(err, 'Unknown error')));
        },
      },
    );
  };

  const step = draft.step;
  const back = () => update({ step: Math.max(0, step - 1) });
  const forward = () => update({ step: Math.min(3, step + 1) });

  let next: { label: string; disabled: boolean; onClick: () => void };
  if (step === 0)
    next = { label: `Next (${recipients.length} selected)`, disabled: recipients.length === 0, onClick: forward };
  else if (step === 1) next = { label: 'Next', disabled: !priceList, onClick: forward };
  else if (step === 2)
    next = { label: `Next (${recipients.length} selected)`, disabled: running || !previewsReady, onClick: forward };
  else
    next = {
      label: 'Send',
      disabled: queue.isPending || recipients.length === 0 || !priceList,
      onClick: send,
    };

  return (
    <div>
      <StepIndicator step={step} />
      <h3 className="sr-only">{BLAST_UI.steps[step]}</h3>
      {step === 0 ? (
        <RecipientsStep
          rows={rows}
          total={
            firstPage && firstPage.totalCount !== null
              ? { count: firstPage.totalCount, capped: firstPage.totalCapped }
              : null
          }
          loading={prospects.isPending}
          stale={prospects.isPlaceholderData}
          error={
            prospects.isError && !prospects.data ? errorMessage(prospects.error, 'Could not load prospects') : null
          }
          hasMore={prospects.hasNextPage}
          loadingMore={prospects.isFetchingNextPage}
          onLoadMore={() => void prospects.fetchNextPage()}
          search={search}
          onSearch={setSearch}
          searching={query !== ''}
          selected={draft.recipients}
          onChange={(next) => update({ recipients: next })}
        />
      ) : null}
      {step === 1 ? (
        <PriceListStep
          priceLists={priceLists.data}
          loading={priceLists.isPending}
          error={priceLists.isError ? errorMessage(priceLists.error, 'Could not load price lists') : null}
          value={draft.priceListId}
          onChange={choosePriceList}
        />
      ) : null}
      {step === 2 ? (
        <PreviewStep
          recipients={recipients}
          subjectSeed={draft.subjectSeed}
          bodySeed={draft.bodySeed}
          onSeeds={(seeds) => {
            setSeedsError(false);
            update(seeds);
          }}
          samples={samples}
          onSample={editSample}
          progress={progress}
          seedsError={seedsError}
          onGenerate={() => void generate()}
        />
      ) : null}
      {step === 3 ? (
        <ConfirmStep
          recipients={recipients}
          priceList={priceList}
          ccRole={draft.ccRole}
          onCcRole={(ccRole) => update({ ccRole })}
          attachPdf={draft.attachPdf}
          onAttachPdf={(attachPdf) => update({ attachPdf })}
        />
      ) : null}
      <div className="sticky -bottom-5 -mx-5 -mb-5 mt-5 flex justify-end gap-2 border-t border-slate-100 bg-white p-4">
        {step > 0 ? (
          <Button variant="outline" onClick={back} disabled={running || queue.isPending}>
            Back
          </Button>
        ) : null}
        <Button onClick={next.onClick} disabled={next.disabled}>
          {next.label}
        </Button>
      </div>
    </div>
  );
}
