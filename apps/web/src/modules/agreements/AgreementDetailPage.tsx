import { agreementCompanyName, agreementNumber } from '@pennant/shared/agreements/rules';
import { AGREEMENT_MESSAGES, PDF_CHECK_DELAY_MS } from '@pennant/shared/agreements/schemas';
import { ArrowLeft, FileSignature, FileText, RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Card } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ErrorState } from '@/components/ui/ErrorState';
import { Skeleton } from '@/components/ui/Skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { ApiError, errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useAgreement, useAgreementPdf, useDeleteAgreement, useRestoreAgreement } from './agreements-api';
import { DetailsTab } from './detail/DetailsTab';
import { HistoryTab } from './detail/HistoryTab';
import { LineItemsTab } from './detail/LineItemsTab';
import { EmailAgreementDialog } from './EmailAgreementDialog';
import { AgreementStatusBadge } from './parts';

const TABS = ['details', 'lines', 'history'] as const;
type TTab = (typeof TABS)[number];

function BackLink() {
  return (
    <Link
      to="/dashboard/agreements"
      className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-brand-700"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden /> Agreements
    </Link>
  );
}

function DetailSkeleton() {
  return (
    <div className="mx-auto max-w-7xl space-y-5" aria-busy="true">
      <p role="status" className="sr-only">
        Loading agreement...
      </p>
      <Skeleton className="h-4 w-28" />
      <div className="space-y-2">
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="h-4 w-48 max-w-full" />
      </div>
      <Skeleton className="h-10 w-full max-w-md" />
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
        <Skeleton className="h-64 lg:col-span-2" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}

/**
 * The PDF's state for View PDF: the page waits a moment before it asks whether there is one
 * (spec §2), and the button stays disabled while it asks or when there is none.
 */
function useAgreementPdfState(id: string, ready: boolean) {
  const [waitedFor, setWaitedFor] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedFor(id), PDF_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [id]);
  const waited = waitedFor === id;
  const pdf = useAgreementPdf(id, waited && ready);
  const checking = !waited || pdf.isFetching;
  const available = pdf.status === 'success' && !checking;

  const open = async () => {
    let link = pdf.data;
    // The link is short-lived: one about to expire is asked for again first.
    if (!link || Date.parse(link.expiresAt) - 60_000 < Date.now()) link = (await pdf.refetch()).data;
    if (!link) {
      toast.error(AGREEMENT_MESSAGES.noPdfToView);
      return;
    }
    window.open(link.url, '_blank', 'noopener,noreferrer');
  };
  return { checking, available, open };
}

/** /dashboard/agreements/{id}: Agreement Details, Line Items and History (spec §2). */
export function AgreementDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const rights = session.permissions.agreements;
  const [params, setParams] = useSearchParams();
  const tab: TTab = TABS.find((t) => t === params.get('tab')) ?? 'details';
  const setTab = (next: string) => {
    const p = new URLSearchParams(params);
    if (next === 'details') p.delete('tab');
    else p.set('tab', next);
    setParams(p, { replace: true });
  };
  const agreement = useAgreement(id);
  const pdf = useAgreementPdfState(id, agreement.isSuccess);
  const [emailOpen, setEmailOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const number = agreementNumber(id);
  useEffect(() => {
    document.title = `${number} — Pennant`;
  }, [number]);

  const notFound = agreement.error instanceof ApiError && agreement.error.status === 404;
  useEffect(() => {
    if (agreement.isError && !notFound && !agreement.data) toast.error(AGREEMENT_MESSAGES.detailsFailed);
  }, [agreement.isError, notFound, agreement.data]);

  const remove = useDeleteAgreement({
    onSuccess: () => {
      toast.success(AGREEMENT_MESSAGES.deleted, { description: AGREEMENT_MESSAGES.deletedDescription });
      setDeleting(false);
      navigate('/dashboard/agreements');
    },
    onError: (err) => {
      setDeleting(false);
      toast.error(AGREEMENT_MESSAGES.deleteFailed, { description: errorMessage(err, 'Please try again.') });
    },
  });
  const restore = useRestoreAgreement({
    onSuccess: () => toast.success(AGREEMENT_MESSAGES.restored),
    onError: (err) =>
      toast.error(AGREEMENT_MESSAGES.restoreFailed, { description: errorMessage(err, 'Please try again.') }),
  });

  if (agreement.isPending) return <DetailSkeleton />;
  if (agreement.isError && !agreement.data) {
    if (!notFound) {
      return (
        <div className="mx-auto max-w-3xl space-y-4">
          <BackLink />
          <ErrorState onRetry={() => void agreement.refetch()}>The agreement could not be loaded.</ErrorState>
        </div>
      );
    }
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <FileSignature className="h-10 w-10 text-slate-300" aria-hidden />
          <h1 className="text-xl font-semibold text-slate-900">{AGREEMENT_MESSAGES.notFound}</h1>
          <p className="text-sm text-slate-600">It may have been removed, or it belongs to another organization.</p>
          <ButtonLink to="/dashboard/agreements" variant="outline">
            <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Agreements
          </ButtonLink>
        </Card>
      </div>
    );
  }

  const a = agreement.data;
  const deleted = a.deletedAt !== null;
  const company = agreementCompanyName(a.companyName);
  const pdfReady = pdf.available;
  const viewPdf = () => void pdf.open();

  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <div className="space-y-2">
        <BackLink />
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <h1 className="text-2xl font-semibold text-slate-900">{number}</h1>
              <AgreementStatusBadge status={a.status} />
            </div>
            <p className="mt-1 break-words text-sm text-slate-600">Agreement with {company}</p>
          </div>
          <Button
            variant="outline"
            onClick={viewPdf}
            disabled={!pdfReady}
            aria-busy={pdf.checking}
            title={pdf.checking ? 'Checking for the PDF…' : pdfReady ? undefined : AGREEMENT_MESSAGES.noPdfToView}
          >
            <FileText className="h-4 w-4" aria-hidden /> View PDF
          </Button>
        </div>
      </div>

      {deleted ? (
        <Alert
          tone="warning"
          title="This agreement is deleted"
          action={
            rights.canEdit ? (
              <Button variant="outline" size="sm" onClick={() => restore.mutate(a.id)} disabled={restore.isPending}>
                <RotateCcw className="h-4 w-4" aria-hidden /> Restore
              </Button>
            ) : null
          }
        >
          {a.deletedAt ? `Deleted on ${formatDate(a.deletedAt, session.timezone)}. ` : ''}It is listed in the Deleted
          tab until it is restored.
        </Alert>
      ) : null}

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Agreement sections">
          <TabsTrigger value="details">Agreement Details</TabsTrigger>
          <TabsTrigger value="lines">
            Line Items
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs tabular-nums text-slate-600">
              {a.lines.length}
            </span>
          </TabsTrigger>
          <TabsTrigger value="history">History</TabsTrigger>
        </TabsList>
        <TabsContent value="details">
          <DetailsTab
            agreement={a}
            timeZone={session.timezone}
            actions={{
              canInvoice: !deleted && rights.canCreate && a.status === 'active',
              canCopy: rights.canCreate,
              canEmail: !deleted && rights.canEdit,
              canDelete: !deleted && rights.canDelete,
              pdfReady,
              onEmail: () => setEmailOpen(true),
              onViewPdf: viewPdf,
              onDelete: () => setDeleting(true),
            }}
          />
        </TabsContent>
        <TabsContent value="lines">
          <LineItemsTab lines={a.lines} />
        </TabsContent>
        <TabsContent value="history">
          <HistoryTab
            agreement={a}
            canEdit={rights.canEdit && !deleted}
            timeZone={session.timezone}
            pdfReady={pdfReady}
            onViewPdf={viewPdf}
          />
        </TabsContent>
      </Tabs>

      <EmailAgreementDialog open={emailOpen} onOpenChange={setEmailOpen} agreement={a} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete Agreement"
        message={AGREEMENT_MESSAGES.deleteConfirm}
        confirmLabel="Delete Agreement"
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate(a.id)}
      />
    </div>
  );
}
