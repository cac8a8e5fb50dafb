import { formatMoney } from '@pennant/shared/money';
import { canDecideQuote, isEditableQuote, quoteNumber } from '@pennant/shared/quotes/rules';
import type { TQuoteSummary } from '@pennant/shared/quotes/schemas';
import { CheckCircle2, Download, Eye, MoreHorizontal, Send, Trash2, XCircle } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/DropdownMenu';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { QuoteStatusBadge } from './QuoteStatusBadge';

export interface TQuoteCardActions {
  /** The card itself: a draft opens for editing, any other quote its PDF. */
  onOpen: (quote: TQuoteSummary) => void;
  onEdit: (quote: TQuoteSummary) => void;
  onAccept: (quote: TQuoteSummary) => void;
  onReject: (quote: TQuoteSummary) => void;
  onDownload: (quote: TQuoteSummary) => void;
  onDetails: (quote: TQuoteSummary) => void;
  onDelete: (quote: TQuoteSummary) => void;
}

interface TQuoteCardProps extends TQuoteCardActions {
  quote: TQuoteSummary;
  canDelete: boolean;
  /** Its PDF is being made. */
  busy: boolean;
  timeZone: string;
}

/** One quote: its number, status, company, created date, value and expiry, and its menu by status. */
export function QuoteCard({ quote: q, canDelete, busy, timeZone, ...on }: TQuoteCardProps) {
  const number = quoteNumber(q.id);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the title is a button, the keyboard's way in; the card only widens the target
    <article
      aria-label={number}
      onClick={() => on.onOpen(q)}
      className={cn(
        'flex h-full cursor-pointer flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 hover:shadow',
        busy && 'opacity-70',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">
            <button
              type="button"
              className="rounded text-left hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              title={isEditableQuote(q.status) ? 'Edit this draft' : 'Open the PDF'}
            >
              {number}
            </button>
          </h3>
          <p className="mt-0.5 truncate text-sm text-slate-600" title={q.companyName}>
            {q.companyName}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {busy ? <Spinner size="sm" /> : null}
          <QuoteStatusBadge status={q.status} />
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Actions for ${number}`}
                className="h-8 w-8"
                onClick={(e) => e.stopPropagation()}
              >
                <MoreHorizontal className="h-4 w-4" />
              </Button>
            </DropdownMenuTrigger>
            {/* Clicks in the menu (a portal) still bubble through React to the card: stop them here. */}
            <DropdownMenuContent onClick={(e) => e.stopPropagation()}>
              {isEditableQuote(q.status) ? (
                <DropdownMenuItem onSelect={() => on.onEdit(q)}>
                  <Send className="h-4 w-4" aria-hidden /> Edit &amp; Send
                </DropdownMenuItem>
              ) : null}
              {canDecideQuote(q.status) ? (
                <>
                  <DropdownMenuItem onSelect={() => on.onAccept(q)}>
                    <CheckCircle2 className="h-4 w-4" aria-hidden /> Accept Quote
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => on.onReject(q)}>
                    <XCircle className="h-4 w-4" aria-hidden /> Reject Quote
                  </DropdownMenuItem>
                </>
              ) : null}
              {q.hasPdf ? (
                <DropdownMenuItem disabled={busy} onSelect={() => on.onDownload(q)}>
                  <Download className="h-4 w-4" aria-hidden /> Download PDF
                </DropdownMenuItem>
              ) : null}
              <DropdownMenuItem onSelect={() => on.onDetails(q)}>
                <Eye className="h-4 w-4" aria-hidden /> View Details
              </DropdownMenuItem>
              {canDelete ? (
                <>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem danger onSelect={() => on.onDelete(q)}>
                    <Trash2 className="h-4 w-4" aria-hidden /> Delete Quote
                  </DropdownMenuItem>
                </>
              ) : null}
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
      <dl className="mt-auto grid grid-cols-3 gap-2 border-t border-slate-100 pt-3 text-sm">
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Created</dt>
          <dd className="truncate text-slate-800">{formatDate(q.createdAt, timeZone)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Value</dt>
          <dd className="truncate font-medium tabular-nums text-slate-900">{formatMoney(q.totalCents)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-500">Expires</dt>
          <dd className="truncate text-slate-800">{q.expiresAt ? formatDate(q.expiresAt, timeZone) : '—'}</dd>
        </div>
      </dl>
    </article>
  );
}
