import { agreementNumber } from '@pennant/shared/agreements/rules';
import { INVOICE_MESSAGES, INVOICE_SOURCES, type TInvoiceFormQuery } from '@pennant/shared/invoices/schemas';
import { quoteNumber } from '@pennant/shared/quotes/rules';
import { refusal } from '@pennant/shared/session/permissions';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { BILLING_TAB_URL } from '@/components/plan/UpgradeDialog';
import { usePlanAllows } from '@/components/plan/usePlan';
import { Alert } from '@/components/ui/Alert';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { PageLoading } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { InvoiceForm } from './form/InvoiceForm';
import { useInvoiceFormDefaults } from './invoices-api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParam = (value: string | null) => (value && UUID.test(value) ? value : undefined);

/** The form's query from the address (spec §2): source (default direct), companyId, agreementId, quoteId. */
export function formQueryFrom(params: URLSearchParams): TInvoiceFormQuery {
  const source = INVOICE_SOURCES.find((s) => s === params.get('source')) ?? 'direct';
  return {
    source,
    companyId: idParam(params.get('companyId')),
    agreementId: source === 'agreement' ? idParam(params.get('agreementId')) : undefined,
    quoteId: source === 'quote' ? idParam(params.get('quoteId')) : undefined,
  };
}

function BackLink() {
  return (
    <Link
      to="/dashboard/invoices"
      className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-brand-700"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden /> Invoices
    </Link>
  );
}

/** /dashboard/invoices/new: the invoice form, prefilled from an agreement, an accepted quote, or blank. */
export function NewInvoicePage() {
  useEffect(() => {
    document.title = 'New Invoice — Pennant';
  }, []);
  const session = useSession();
  const canCreate = session.permissions.invoices.canCreate;
  const canInvoice = usePlanAllows('invoicing');
  const [params] = useSearchParams();
  const key = params.toString();
  // Keyed by the address's text: a new params object for the same address asks nothing again.
  const query = useMemo(() => formQueryFrom(new URLSearchParams(key)), [key]);
  const defaults = useInvoiceFormDefaults(query, canCreate);

  useEffect(() => {
    if (defaults.isError) toast.error(INVOICE_MESSAGES.initialDataFailed);
  }, [defaults.isError]);

  const d = defaults.data;
  const description = d?.agreementId
    ? `From ${agreementNumber(d.agreementId)}${d.companyName ? ` with ${d.companyName}` : ''}`
    : d?.quoteId
      ? `From ${quoteNumber(d.quoteId)}${d.companyName ? ` for ${d.companyName}` : ''}`
      : 'A direct invoice: choose the company and write the lines.';

  let body = null;
  if (!canCreate) body = <Alert tone="warning">{refusal('invoices.create')}</Alert>;
  else if (!canInvoice)
    body = (
      <Alert tone="warning" title="Invoicing is a Premium feature">
        {INVOICE_MESSAGES.premiumRequired}{' '}
        <Link to={BILLING_TAB_URL} className="font-medium underline underline-offset-4">
          View Plans & Billing
        </Link>
      </Alert>
    );
  else if (defaults.isPending) body = <PageLoading label="Loading invoice form..." />;
  else if (defaults.isError)
    body = (
      <ErrorState onRetry={() => void defaults.refetch()}>
        {INVOICE_MESSAGES.initialDataFailed}: {errorMessage(defaults.error, INVOICE_MESSAGES.unknownError)}
      </ErrorState>
    );
  else body = <InvoiceForm key={key} defaults={defaults.data} canCreate={canCreate} />;

  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <BackLink />
      <PageHeader title="New Invoice" description={d || !canCreate ? description : undefined} />
      {body}
    </div>
  );
}
