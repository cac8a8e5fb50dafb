import {
  CONNECT_MESSAGES,
  CONNECT_RETURN,
  CONNECT_SESSION_FLAG,
  CONNECT_STATUS_LABELS,
  DISABLED_REASON_MESSAGES,
  type TConnectStatus,
  type TPaymentAccount,
} from '@pennant/shared/billing/connect';
import { CreditCard, ExternalLink, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PremiumGate } from '@/components/plan/PremiumGate';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ErrorState } from '@/components/ui/ErrorState';
import { Skeleton } from '@/components/ui/Skeleton';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import {
  useOpenPaymentDashboard,
  usePaymentAccount,
  useRefreshPaymentAccount,
  useResetPaymentAccount,
  useStartPaymentSetup,
} from './billing-api';

const BADGE_TONES: Record<TConnectStatus, 'neutral' | 'warning' | 'danger' | 'success' | 'accent'> = {
  not_started: 'neutral',
  setup_incomplete: 'warning',
  limited: 'accent',
  disabled: 'danger',
  active: 'success',
};

export function ConnectBadge({ status }: { status: TConnectStatus }) {
  return <Badge tone={BADGE_TONES[status]}>{CONNECT_STATUS_LABELS[status]}</Badge>;
}

/**
 * Opens the provider's page in a new tab (spec §7: the onboarding link opens in a new tab and a
 * session flag is stored). The tab is opened on the click itself, before the link is fetched, so
 * no popup blocker stops it; when one does anyway, this tab goes instead. The opened page gets no
 * handle on Pennant's window.
 */
function openProviderTab(): { go: (url: string) => void; close: () => void } {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return {
    go: (url) => {
      if (tab && !tab.closed) tab.location.href = url;
      else window.location.assign(url);
    },
    close: () => tab?.close(),
  };
}

function setupFlag(on: boolean): void {
  try {
    if (on) sessionStorage.setItem(CONNECT_SESSION_FLAG, '1');
    else sessionStorage.removeItem(CONNECT_SESSION_FLAG);
  } catch {
    // Storage refused (private mode): the realtime refresh still updates the badge.
  }
}

function setupFlagged(): boolean {
  try {
    return sessionStorage.getItem(CONNECT_SESSION_FLAG) === '1';
  } catch {
    return false;
  }
}

/** Settings → Payments (spec §2): Payment Setup, locked behind Premium. */
export function PaymentsTab() {
  return (
    <PremiumGate feature="cardProcessing" label={CONNECT_MESSAGES.title}>
      <PaymentSetup />
    </PremiumGate>
  );
}

/**
 * The connect panel: the badge of spec §4 and, by status, set up, continue setup, the dashboard
 * link, or the requirement messages with 'Continue in the provider' and 'Reset & Start Over'.
 * Coming back from onboarding (?stripe=success|incomplete|error) reads the account again, says how
 * it went in a toast and clears the parameters from the address.
 */
function PaymentSetup() {
  const canPay = useSession().permissions.payment;
  const account = usePaymentAccount();
  const [params, setParams] = useSearchParams();
  const [confirmReset, setConfirmReset] = useState(false);

  const refresh = useRefreshPaymentAccount();
  const refreshRef = useRef(refresh.mutateAsync);
  refreshRef.current = refresh.mutateAsync;

  // The return parameters, once per arrival.
  const outcome = params.get(CONNECT_RETURN.param);
  const message = params.get('message');
  useEffect(() => {
    if (!outcome) return;
    const next = new URLSearchParams(params);
    next.delete(CONNECT_RETURN.param);
    next.delete('message');
    setParams(next, { replace: true });
    if (outcome === CONNECT_RETURN.error) {
      toast.error(CONNECT_MESSAGES.connectFailed, message ? { description: message } : undefined);
      return;
    }
    if (outcome !== CONNECT_RETURN.success && outcome !== CONNECT_RETURN.incomplete) return;
    setupFlag(false);
    refreshRef
      .current()
      .then((now) => {
        if (now.status === 'active') toast.success(CONNECT_MESSAGES.connected);
        else toast.info(CONNECT_MESSAGES.incomplete);
      })
      .catch((err: unknown) =>
        toast.error(CONNECT_MESSAGES.setupFailed, { description: errorMessage(err, 'Please try again.') }),
      );
  }, [outcome, message, params, setParams]);

  // Onboarding went on in another tab: read the account again when this one is looked at.
  useEffect(() => {
    const onFocus = () => {
      if (document.visibilityState !== 'visible' || !setupFlagged() || !canPay) return;
      refreshRef
        .current()
        .then((now) => {
          if (now.status === 'active') setupFlag(false);
        })
        .catch(() => undefined);
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, [canPay]);

  const setup = useStartPaymentSetup();
  const dashboard = useOpenPaymentDashboard();
  const reset = useResetPaymentAccount({
    onSuccess: () => {
      setConfirmReset(false);
      setupFlag(false);
      toast.success(CONNECT_MESSAGES.resetDone);
    },
    onError: (err) =>
      toast.error(CONNECT_MESSAGES.resetFailed, { description: errorMessage(err, 'Please try again.') }),
  });

  const startSetup = () => {
    if (setup.isPending) return;
    const tab = openProviderTab();
    setup.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (!url) {
          tab.close();
          toast.error(CONNECT_MESSAGES.setupFailed, { description: CONNECT_MESSAGES.noOauthUrl });
          return;
        }
        setupFlag(true);
        tab.go(url);
      },
      onError: (err) => {
        tab.close();
        toast.error(CONNECT_MESSAGES.setupFailed, { description: errorMessage(err, CONNECT_MESSAGES.noOauthUrl) });
      },
    });
  };

  const openDashboard = () => {
    if (dashboard.isPending) return;
    const tab = openProviderTab();
    dashboard.mutate(undefined, {
      onSuccess: ({ url }) => tab.go(url),
      onError: (err) => {
        tab.close();
        toast.error(CONNECT_MESSAGES.invalidResponse, { description: errorMessage(err, 'Please try again.') });
      },
    });
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <CreditCard className="h-5 w-5" aria-hidden />
          </span>
          <div>
            <CardTitle>{CONNECT_MESSAGES.title}</CardTitle>
            <p className="mt-1 text-sm text-slate-600">
              Connect a payment account so sponsors can pay invoices by card and donors can give online. The money goes
              straight to your organization's bank account.
            </p>
          </div>
        </div>
        {account.data ? (
          <div className="flex items-center gap-2 text-sm text-slate-600">
            Status <ConnectBadge status={account.data.status} />
          </div>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4">
        {account.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : account.isError ? (
          <ErrorState onRetry={() => account.refetch()}>Could not load the payment account.</ErrorState>
        ) : (
          <ConnectPanel
            account={account.data}
            canPay={canPay}
            busy={setup.isPending || dashboard.isPending || refresh.isPending}
            onSetup={startSetup}
            onDashboard={openDashboard}
            onReset={() => setConfirmReset(true)}
          />
        )}
      </CardContent>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title={CONNECT_MESSAGES.resetConfirmTitle}
        message={CONNECT_MESSAGES.resetConfirm}
        confirmLabel={CONNECT_MESSAGES.resetAndStartOver}
        onConfirm={() => reset.mutate()}
        busy={reset.isPending}
        danger
      />
    </Card>
  );
}

interface TPanelProps {
  account: TPaymentAccount;
  canPay: boolean;
  busy: boolean;
  onSetup: () => void;
  onDashboard: () => void;
  onReset: () => void;
}

function ConnectPanel({ account, canPay, busy, onSetup, onDashboard, onReset }: TPanelProps) {
  const reason = account.disabledReason ? DISABLED_REASON_MESSAGES[account.disabledReason] : null;
  const readOnlyNote = canPay ? null : (
    <p className="text-sm text-slate-500">Only members who can take payments can change the payment account.</p>
  );

  if (account.status === 'not_started') {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          No payment account is connected yet. Setting one up takes about five minutes: you will be asked for your
          organization's details and a bank account for payouts.
        </p>
        {canPay ? (
          <Button onClick={onSetup} disabled={busy}>
            Set Up Payments <ExternalLink className="h-4 w-4" aria-hidden />
          </Button>
        ) : (
          readOnlyNote
        )}
      </div>
    );
  }

  if (account.status === 'active') {
    return (
      <div className="space-y-3">
        <Alert tone="success">{CONNECT_MESSAGES.connected}</Alert>
        <AccountFacts account={account} />
        {canPay ? (
          <Button variant="outline" onClick={onDashboard} disabled={busy}>
            Open Payment Dashboard <ExternalLink className="h-4 w-4" aria-hidden />
          </Button>
        ) : (
          readOnlyNote
        )}
      </div>
    );
  }

  return (
    <div className="space-y-3">
      {reason ? (
        <Alert tone={account.disabledReason === 'pending_verification' ? 'info' : 'warning'} title={reason.title}>
          {reason.body}
        </Alert>
      ) : account.status === 'limited' ? (
        <Alert tone="warning" title="Limited">
          Your account can accept some payments, but the provider has not turned on both charges and payouts yet.
        </Alert>
      ) : null}
      <AccountFacts account={account} />
      {canPay ? (
        <div className="flex flex-wrap gap-2">
          <Button onClick={onSetup} disabled={busy}>
            {account.status === 'setup_incomplete' ? 'Continue Setup' : CONNECT_MESSAGES.continueInProvider}
            <ExternalLink className="h-4 w-4" aria-hidden />
          </Button>
          <Button variant="outline" onClick={onReset} disabled={busy}>
            <RotateCcw className="h-4 w-4" aria-hidden /> {CONNECT_MESSAGES.resetAndStartOver}
          </Button>
        </div>
      ) : (
        readOnlyNote
      )}
    </div>
  );
}

function AccountFacts({ account }: { account: TPaymentAccount }) {
  const due = [...new Set([...account.currentlyDue, ...account.pendingVerification])];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-slate-500">Card payments</dt>
        <dd className="font-medium text-slate-900">{account.chargesEnabled ? 'Enabled' : 'Not enabled'}</dd>
      </div>
      <div>
        <dt className="text-slate-500">Payouts</dt>
        <dd className="font-medium text-slate-900">{account.payoutsEnabled ? 'Enabled' : 'Not enabled'}</dd>
      </div>
      <div className="min-w-0">
        <dt className="text-slate-500">Account</dt>
        <dd className="truncate font-mono text-xs text-slate-700">{account.accountId}</dd>
      </div>
      {due.length > 0 ? (
        <div className="sm:col-span-3">
          <dt className="text-slate-500">Still needed by the provider</dt>
          <dd className="text-slate-800">{due.map(requirementLabel).join(', ')}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** 'tos_acceptance.date' → 'Terms of service acceptance date': the provider's field names in words. */
function requirementLabel(field: string): string {
  const words = field
    .replace(/^tos_acceptance/, 'terms of service acceptance')
    .replace(/^external_account$/, 'bank account for payouts')
    .replace(/[._]/g, ' ')
    .replace(/\bip$/, 'IP address')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
