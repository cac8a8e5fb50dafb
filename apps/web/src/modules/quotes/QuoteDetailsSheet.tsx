import { formatMoney } from '@pennant/shared/money';
import { quoteNumber } from '@pennant/shared/quotes/rules';
import type { TQuoteDetail, TQuoteSummary } from '@pennant/shared/quotes/schemas';
import { FileSignature } from 'lucide-react';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { ErrorState } from '@/components/ui/ErrorState';
import { Sheet } from '@/components/ui/Sheet';
import { Loading } from '@/components/ui/Spinner';
import { formatDateTime } from '@/lib/format';
import { QuoteLinesTable } from './QuoteLinesTable';
import { QuoteStatusBadge } from './QuoteStatusBadge';
import { useQuote } from './quotes-api';

interface TDetailsProps {
  quote: TQuoteSummary | null;
  onOpenChange: (open: boolean) => void;
  timeZone: string;
}

/** View Details: the quote's lines, totals (Year 1 and renewal), dates, notes, recipients and agreement. */
export function QuoteDetailsSheet({ quote, onOpenChange, timeZone }: TDetailsProps) {
  const detail = useQuote(quote?.id ?? null);
  return (
    <Sheet
      open={quote !== null}
      onOpenChange={onOpenChange}
      title={quote ? quoteNumber(quote.id) : 'Quote'}
      description={quote?.companyName}
    >
      {detail.isPending ? (
        <Loading>Loading quote...</Loading>
      ) : detail.isError ? (
        <ErrorState onRetry={() => void detail.refetch()}>Quote not found</ErrorState>
      ) : (
        <QuoteDetails quote={detail.data} timeZone={timeZone} />
      )}
    </Sheet>
  );
}

function QuoteDetails({ quote: q, timeZone }: { quote: TQuoteDetail; timeZone: string }) {
  const dates: [string, string | null][] = [
    ['Created', q.createdAt],
    ['Sent', q.sentAt],
    ['Expires', q.expiresAt],
    ['Accepted', q.acceptedAt],
    ['Rejected', q.rejectedAt],
    ['Expired', q.expiredAt],
    ['Archived', q.archivedAt],
  ];
  return (
    <div className="space-y-6 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <QuoteStatusBadge status={q.status} />
        {q.agreementId ? (
          <ButtonLink to={`/dashboard/agreements/${q.agreementId}`} variant="outline" size="sm">
            <FileSignature className="h-4 w-4" aria-hidden /> View Agreement
          </ButtonLink>
        ) : null}
      </div>

      <section aria-labelledby="quote-lines-heading" className="space-y-2">
        <h3 id="quote-lines-heading" className="font-semibold text-slate-900">
          Line Items
        </h3>
        {q.lines.length === 0 ? (
          <p className="text-slate-600">No line items.</p>
        ) : (
          <QuoteLinesTable lines={q.lines.map((l) => ({ ...l, key: l.id }))} />
        )}
        <dl className="space-y-1 rounded-lg bg-slate-50 p-3">
          <div className="flex justify-between gap-4">
            <dt className="font-medium text-slate-700">Year 1 total (includes setup fees)</dt>
            <dd className="font-semibold tabular-nums text-slate-900">{formatMoney(q.totalCents)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-slate-600">Annual renewal</dt>
            <dd className="tabular-nums text-slate-700">{formatMoney(q.renewalCents)}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="quote-dates-heading" className="space-y-2">
        <h3 id="quote-dates-heading" className="font-semibold text-slate-900">
          Dates
        </h3>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
          {dates
            .filter((d): d is [string, string] => d[1] !== null)
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-500">{label}</dt>
                <dd className="text-slate-800">{formatDateTime(value, timeZone)}</dd>
              </div>
            ))}
        </dl>
      </section>

      <section aria-labelledby="quote-recipients-heading" className="space-y-1">
        <h3 id="quote-recipients-heading" className="font-semibold text-slate-900">
          Recipients
        </h3>
        <p className="break-words text-slate-700">{q.recipientEmails || 'Not sent yet'}</p>
      </section>

      <section aria-labelledby="quote-notes-heading" className="space-y-1">
        <h3 id="quote-notes-heading" className="font-semibold text-slate-900">
          Notes
        </h3>
        <p className="whitespace-pre-line break-words text-slate-700">{q.notes || 'No notes'}</p>
      </section>
    </div>
  );
}
