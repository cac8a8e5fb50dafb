import { AGREEMENT_MESSAGES } from '@pennant/shared/agreements/schemas';
import { quoteNumber } from '@pennant/shared/quotes/rules';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/Alert';
import { PageHeader } from '@/components/ui/PageHeader';
import { PageLoading } from '@/components/ui/Spinner';
import { ApiError } from '@/lib/api';
import { useAgreement, useSourceQuote } from './agreements-api';
import { AgreementForm } from './form/AgreementForm';
import { blankStart, startFromCopy, startFromQuote, type TAgreementStart } from './form/agreement-form';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParam = (value: string | null) => (value && UUID.test(value) ? value : null);

/**
 * /dashboard/agreements/new: a direct agreement, a copy (?copy_from={id}) or one made from an
 * accepted quote (?source=quote&quote_id={id}), each prefilled from what it starts from.
 */
export function NewAgreementPage() {
  const [params] = useSearchParams();
  const copyFrom = idParam(params.get('copy_from'));
  const quoteId = params.get('source') === 'quote' ? idParam(params.get('quote_id')) : null;
  const title = copyFrom ? 'Copy Agreement' : 'New Agreement';
  useEffect(() => {
    document.title = `${title} — Pennant`;
  }, [title]);

  const copy = useAgreement(copyFrom ?? '');
  const quote = useSourceQuote(quoteId);

  const quoteMissing = quote.error instanceof ApiError && quote.error.status === 404;
  const loadError = copy.isError
    ? AGREEMENT_MESSAGES.copyLoadFailed
    : quote.isError
      ? quoteMissing
        ? AGREEMENT_MESSAGES.quoteNotFound
        : AGREEMENT_MESSAGES.quoteLoadFailed
      : null;
  useEffect(() => {
    if (loadError) toast.error(loadError);
  }, [loadError]);

  // The form reads this once, when it mounts; a later refresh never overwrites what was typed.
  let start: TAgreementStart | null = blankStart();
  if (copyFrom) start = copy.data ? startFromCopy(copy.data) : copy.isError ? blankStart() : null;
  else if (quoteId) start = quote.data ? startFromQuote(quote.data) : quote.isError ? blankStart() : null;

  const description = quoteId && quote.data ? `From ${quoteNumber(quote.data.id)}` : undefined;

  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <Link
        to="/dashboard/agreements"
        className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Agreements
      </Link>
      <PageHeader title={title} description={description} />
      {loadError ? <Alert tone="warning">The form could not be prefilled; it starts blank.</Alert> : null}
      {start ? (
        <AgreementForm key={`${copyFrom ?? ''}-${quoteId ?? ''}-${start.quoteId ?? ''}`} start={start} />
      ) : (
        <PageLoading label="Loading agreement data..." />
      )}
    </div>
  );
}
