import { canAcceptCardPayments } from '@pennant/shared/billing/connect';
import {
  campaignLengthDays,
  defaultCampaignEmail,
  launchMode,
  senderLabel,
  type TLaunchMode,
} from '@pennant/shared/fundraising/rules';
import {
  CAMPAIGN_TYPE_LABELS,
  FUNDRAISING_MESSAGES,
  MESSAGE_PERSPECTIVE_LABELS,
  type TCampaignDetail,
  type TEmailHistory,
  type TLaunchResult,
} from '@pennant/shared/fundraising/schemas';
import { formatMoney } from '@pennant/shared/money';
import { ChevronDown, Rocket, Save, Send, Sparkles, X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Skeleton } from '@/components/ui/Skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { formatDay } from '../../agreements/parts';
import { usePaymentAccount } from '../../billing/billing-api';
import { useCampaign, useEmailHistory, useLaunchCampaign, useSaveCampaignTemplate } from '../fundraising-api';
import { EmailEditor } from './EmailEditor';
import { GenerateWithAiDialog } from './GenerateWithAiDialog';
import { LaunchSuccess } from './LaunchSuccess';
import {
  clearEmailDraft,
  densityFor,
  detailsCollapse,
  readEmailDraft,
  type TDensity,
  useWindowHeight,
  writeEmailDraft,
} from './launch-storage';

const LIST_PATH = '/dashboard/fundraising';

/** Spacing by window height (§2.3): the editor keeps its room on a short laptop or a phone on its side. */
const PAD: Record<TDensity, string> = {
  regular: 'px-6 py-5',
  snug: 'px-5 py-4',
  compact: 'px-4 py-3',
  tight: 'px-3 py-2',
};
const GAP: Record<TDensity, string> = {
  regular: 'space-y-5',
  snug: 'space-y-4',
  compact: 'space-y-3',
  tight: 'space-y-2',
};
const BODY_ROWS: Record<TDensity, number> = { regular: 14, snug: 11, compact: 8, tight: 6 };

const TITLES: Record<TLaunchMode, string> = {
  first: 'Launch Campaign',
  incremental: 'Send to New Contacts',
  all_contacted: 'View Campaign Details',
};

/**
 * The full-screen dialog the launch page is (§2.3). Closing it (X or Escape) goes back to the
 * campaigns; the footer keeps its buttons in view under the scrolling body.
 */
function LaunchFrame({
  title,
  description,
  density,
  footer,
  children,
}: {
  title: string;
  description?: ReactNode;
  density: TDensity;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <D.Root open onOpenChange={(open) => !open && navigate(LIST_PATH)}>
      <D.Portal>
        <D.Content className="fixed inset-0 z-50 flex h-dvh w-screen flex-col bg-slate-50 focus:outline-none">
          <div
            className={cn('flex items-start justify-between gap-4 border-b border-slate-200 bg-white', PAD[density])}
          >
            <div className="min-w-0">
              <D.Title className={cn('font-semibold text-slate-900', density === 'tight' ? 'text-base' : 'text-lg')}>
                {title}
              </D.Title>
              <D.Description className={cn('break-words text-sm text-slate-600', !description && 'sr-only')}>
                {description ?? title}
              </D.Description>
            </div>
            <D.Close className="shrink-0 rounded-md p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
              <X className="h-5 w-5" />
            </D.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            <div className={cn('mx-auto max-w-4xl', PAD[density], GAP[density])}>{children}</div>
          </div>
          {footer ? (
            <div className={cn('border-t border-slate-200 bg-white', PAD[density])}>
              <div className="mx-auto flex max-w-4xl justify-end gap-2">{footer}</div>
            </div>
          ) : null}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}

function LaunchSkeleton() {
  return (
    <div aria-busy="true" className="space-y-4">
      <p role="status" className="sr-only">
        Loading campaign...
      </p>
      <Skeleton className="h-24" />
      <Skeleton className="h-10" />
      <Skeleton className="h-64" />
    </div>
  );
}

/** /dashboard/fundraising/launch/{campaignId} (spec 002 §2.3, §4.2, §5.5). */
export function LaunchPage() {
  const { campaignId = '' } = useParams();
  const density = densityFor(useWindowHeight());
  const campaign = useCampaign(campaignId);
  const history = useEmailHistory(campaignId);
  useEffect(() => {
    document.title = 'Launch Campaign — Pennant';
  }, []);

  if (campaignId === '') {
    return (
      <LaunchFrame title="Launch Campaign" density={density}>
        <Alert>{FUNDRAISING_MESSAGES.idRequired}</Alert>
      </LaunchFrame>
    );
  }
  if (campaign.isPending || history.isPending) {
    return (
      <LaunchFrame title="Launch Campaign" density={density}>
        <LaunchSkeleton />
      </LaunchFrame>
    );
  }
  if (!campaign.data || !history.data) {
    const err = campaign.error ?? history.error;
    return (
      <LaunchFrame
        title="Launch Campaign"
        density={density}
        footer={
          <Button variant="outline" onClick={() => void Promise.all([campaign.refetch(), history.refetch()])}>
            Try Again
          </Button>
        }
      >
        <Alert title={campaign.data ? FUNDRAISING_MESSAGES.historyFailed : FUNDRAISING_MESSAGES.failedToLoad}>
          <p className="break-words">{errorMessage(err, FUNDRAISING_MESSAGES.campaignMissing)}</p>
        </Alert>
      </LaunchFrame>
    );
  }
  return <LaunchView campaign={campaign.data} history={history.data} density={density} />;
}

/** The e-mail the editor starts with: the browser's draft, else the saved template, else ours. */
function initialEmail(c: TCampaignDetail): { subject: string; body: string } {
  const draft = readEmailDraft(c.id);
  if (draft) return draft;
  const fallback = defaultCampaignEmail(c.campaignType, c.messagePerspective);
  return { subject: c.subjectSeed || fallback.subject, body: c.bodySeed || fallback.body };
}

function LaunchView({
  campaign: c,
  history,
  density,
}: {
  campaign: TCampaignDetail;
  history: TEmailHistory;
  density: TDensity;
}) {
  const session = useSession();
  const canEdit = session.permissions.campaigns.canEdit;
  const mode = launchMode(history);
  const editable = mode === 'first' && canEdit;
  const isAlumni = c.campaignType === 'alumni';

  const [email, setEmail] = useState(() =>
    mode === 'first'
      ? initialEmail(c)
      : { subject: history.originalSubject ?? c.subjectSeed ?? '', body: history.originalBody ?? c.bodySeed ?? '' },
  );
  const [aiOpen, setAiOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<TLaunchResult | null>(null);

  const change = (next: { subject: string; body: string }) => {
    setEmail(next);
    // Only what the member wrote is kept; an untouched editor follows the saved template.
    writeEmailDraft(c.id, next);
  };

  // Alumni donations go through the organization's payment account: no launch without it (§5.5).
  const account = usePaymentAccount({ enabled: isAlumni });
  const paymentBlocked = isAlumni && account.data !== undefined && !canAcceptCardPayments(account.data);
  const paymentUnknown = isAlumni && account.isPending;

  const saveTemplate = useSaveCampaignTemplate(c.id, {
    onSuccess: () => toast.success(FUNDRAISING_MESSAGES.templateSaved),
    onError: () => toast.error(FUNDRAISING_MESSAGES.templateFailed),
  });

  const launch = useLaunchCampaign(c.id, {
    onSuccess: (reply) => {
      clearEmailDraft(c.id);
      setResult(reply);
      toast.success(FUNDRAISING_MESSAGES.launched, { duration: 8_000 });
    },
    onError: (err) => {
      const text =
        err instanceof ApiError && err.status === 401
          ? FUNDRAISING_MESSAGES.authRequired
          : FUNDRAISING_MESSAGES.launchFailed(errorMessage(err, 'Unknown error'));
      setProblem(text);
      toast.error(text);
    },
  });

  if (result) {
    return (
      <LaunchFrame title={TITLES[mode]} description={c.name} density={density}>
        <LaunchSuccess result={result} campaignId={c.id} />
      </LaunchFrame>
    );
  }

  const submit = () => {
    if (email.subject.trim() === '' || email.body.trim() === '') {
      setProblem(FUNDRAISING_MESSAGES.subjectAndBody);
      toast.error(FUNDRAISING_MESSAGES.subjectAndBody);
      return;
    }
    setProblem(null);
    launch.mutate({ subject: email.subject, body: email.body });
  };

  const launchDisabled = !canEdit || mode === 'all_contacted' || paymentBlocked || paymentUnknown || launch.isPending;
  const launchLabel =
    mode === 'incremental'
      ? `Send to ${history.newContacts} new contacts`
      : launch.isPending
        ? 'Launching...'
        : 'Launch Campaign';

  return (
    <LaunchFrame
      title={TITLES[mode]}
      description={c.name}
      density={density}
      footer={
        <>
          <ButtonLink to={LIST_PATH} variant="outline">
            {mode === 'all_contacted' ? 'Close' : 'Cancel'}
          </ButtonLink>
          <Button onClick={submit} disabled={launchDisabled} className="flex-1 sm:flex-none">
            {mode === 'incremental' ? (
              <Send className="h-4 w-4" aria-hidden />
            ) : (
              <Rocket className="h-4 w-4" aria-hidden />
            )}
            {launchLabel}
          </Button>
        </>
      }
    >
      {paymentBlocked ? (
        <Alert
          title="Payment account required"
          action={
            <Link to="/dashboard/settings?tab=payments" className="text-sm font-medium underline">
              Open Payments
            </Link>
          }
        >
          {FUNDRAISING_MESSAGES.stripeRequired}
        </Alert>
      ) : null}
      {mode === 'all_contacted' ? <Alert tone="warning">{FUNDRAISING_MESSAGES.allContacted}</Alert> : null}
      {mode === 'incremental' ? (
        <Alert tone="info">
          This campaign was already sent to {history.previouslySentContacts} contacts. The original e-mail below goes to
          the {history.newContacts} new contacts only.
        </Alert>
      ) : null}
      {!canEdit ? <Alert tone="info">Your role can view this campaign but not launch it.</Alert> : null}
      {problem ? <Alert className="break-words">{problem}</Alert> : null}

      <CampaignSummary campaign={c} history={history} density={density} />

      <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
        {editable ? (
          // The editor's own actions sit with it; the footer keeps only Cancel and Launch.
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => setAiOpen(true)}>
              <Sparkles className="h-4 w-4" aria-hidden /> Generate Email Content with AI
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={saveTemplate.isPending}
              onClick={() => saveTemplate.mutate({ subjectSeed: email.subject, bodySeed: email.body })}
            >
              <Save className="h-4 w-4" aria-hidden /> Save Template
            </Button>
          </div>
        ) : null}
        <EmailEditor
          campaign={c}
          subject={email.subject}
          body={email.body}
          readOnly={!editable}
          rows={BODY_ROWS[density]}
          onSubjectChange={(subject) => change({ ...email, subject })}
          onBodyChange={(body) => change({ ...email, body })}
        />
      </div>

      <GenerateWithAiDialog
        open={aiOpen}
        onOpenChange={setAiOpen}
        campaign={c}
        onGenerated={(content) => change(content)}
      />
    </LaunchFrame>
  );
}

/** The campaign at a glance; a disclosure below 650 px so the editor keeps the screen (§2.3). */
function CampaignSummary({
  campaign: c,
  history,
  density,
}: {
  campaign: TCampaignDetail;
  history: TEmailHistory;
  density: TDensity;
}) {
  const collapsible = detailsCollapse(density);
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const days = campaignLengthDays(c.startsAt.slice(0, 10), c.endsAt.slice(0, 10));
  const rows: [string, string][] = [
    ['Type', CAMPAIGN_TYPE_LABELS[c.campaignType]],
    [
      'Dates',
      `${formatDay(c.startsAt.slice(0, 10))} – ${formatDay(c.endsAt.slice(0, 10))}${days === null ? '' : ` (${days} days)`}`,
    ],
    [
      c.campaignType === 'player' ? 'Goal per Player' : 'Total Goal',
      c.goalCents === null ? 'No goal' : formatMoney(c.goalCents, true),
    ],
    [
      'Contacts',
      history.hasPreviousSends
        ? `${history.totalContacts} (${history.newContacts} not yet e-mailed)`
        : String(history.totalContacts),
    ],
    c.campaignType === 'player'
      ? ['Players', `${c.players.length} · ${MESSAGE_PERSPECTIVE_LABELS[c.messagePerspective]} perspective`]
      : ['Sender', senderLabel(c.behalfOfName, c.organizationName)],
  ];
  const list = (
    <dl id={regionId} className="grid grid-cols-1 gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
      {rows.map(([term, value]) => (
        <div key={term} className="flex flex-wrap justify-between gap-x-3">
          <dt className="text-slate-600">{term}</dt>
          <dd className="break-words font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
  return (
    <section aria-label="Campaign details" className="rounded-xl border border-slate-200 bg-white p-4">
      {collapsible ? (
        <>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={regionId}
            onClick={() => setOpen((v) => !v)}
            className="flex w-full items-center justify-between gap-2 text-left text-sm font-semibold text-slate-900"
          >
            Campaign Details
            <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
          </button>
          <div className="mt-3" hidden={!open}>
            {list}
          </div>
        </>
      ) : (
        <>
          <h3 className="mb-3 text-sm font-semibold text-slate-900">Campaign Details</h3>
          {list}
        </>
      )}
    </section>
  );
}
