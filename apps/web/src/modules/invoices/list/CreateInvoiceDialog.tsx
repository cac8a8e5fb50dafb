import { agreementNumber } from '@pennant/shared/agreements/rules';
import { INVOICE_MESSAGES } from '@pennant/shared/invoices/schemas';
import { formatMoney } from '@pennant/shared/money';
import { quoteNumber } from '@pennant/shared/quotes/rules';
import { ArrowLeft, ChevronRight, FilePen, FileSignature, FileText, type LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Loading } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useInvoiceSources } from '../invoices-api';
import { formatDay } from '../parts';

type TStep = 'choose' | 'agreements' | 'quotes';

/** Where each choice leads: the form, told its source (spec §2 /dashboard/invoices/new). */
export function newInvoicePath(
  source: 'agreement' | 'quote' | 'direct',
  ids: { agreementId?: string; quoteId?: string; companyId?: string | null } = {},
): string {
  const p = new URLSearchParams({ source });
  if (ids.agreementId) p.set('agreementId', ids.agreementId);
  if (ids.quoteId) p.set('quoteId', ids.quoteId);
  if (ids.companyId) p.set('companyId', ids.companyId);
  return `/dashboard/invoices/new?${p}`;
}

function SourceChoice({
  icon: Icon,
  label,
  children,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
  onClick: () => void;
}) {
  const id = useId();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-describedby={`${id}-text`}
      className="group flex w-full items-start gap-3 rounded-lg border border-slate-200 p-4 text-left transition-colors hover:border-brand-300 hover:bg-brand-50/50 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span className="rounded-md bg-brand-50 p-2 text-brand-700">
        <Icon className="h-5 w-5" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-slate-900">{label}</span>
        {/* Its name is the label (WCAG 2.5.3: what it shows starts it); the line under it is its description. */}
        <span id={`${id}-text`} aria-hidden className="mt-0.5 block text-sm text-slate-600">
          {children}
        </span>
      </span>
      <ChevronRight className="mt-2 h-4 w-4 shrink-0 text-slate-400 group-hover:text-brand-700" aria-hidden />
    </button>
  );
}

function Pick({ onClick, title, detail }: { onClick: () => void; title: ReactNode; detail: ReactNode }) {
  return (
    <li>
      <button
        type="button"
        onClick={onClick}
        className="flex w-full items-center gap-3 rounded-lg border border-slate-200 p-3 text-left hover:border-brand-300 hover:bg-brand-50/50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <span className="min-w-0 flex-1">
          <span className="block break-words font-medium text-slate-900">{title}</span>
          <span className="block text-sm text-slate-600">{detail}</span>
        </span>
        <ChevronRight className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
      </button>
    </li>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
      {children}
    </p>
  );
}

/**
 * Create Invoice (spec §2): from an active agreement, from an accepted quote that has no agreement,
 * or direct. A list filtered by one company hands that company to a direct invoice.
 */
export function CreateInvoiceDialog({
  open,
  onOpenChange,
  companyId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  companyId: string | null;
}) {
  const navigate = useNavigate();
  const session = useSession();
  const [step, setStep] = useState<TStep>('choose');
  useEffect(() => {
    if (open) setStep('choose');
  }, [open]);
  // Only the kind the step shows is read (each is up to 200 rows).
  const sources = useInvoiceSources(open && step !== 'choose' ? step : null);

  const go = (to: string) => {
    onOpenChange(false);
    navigate(to);
  };

  const titles: Record<TStep, [string, string]> = {
    choose: ['Create Invoice', 'What is this invoice for?'],
    agreements: ['From Agreement', 'Choose an active agreement to invoice.'],
    quotes: ['From Accepted Quote', 'Choose an accepted quote that has no agreement yet.'],
  };
  const [title, description] = titles[step];

  let list: ReactNode = null;
  if (step !== 'choose') {
    if (sources.isPending)
      list = <Loading>{step === 'agreements' ? 'Loading agreements...' : 'Loading quotes...'}</Loading>;
    else if (sources.isError)
      list = (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(sources.error, INVOICE_MESSAGES.initialDataFailed)}
        </p>
      );
    else if (step === 'agreements')
      list = sources.data.agreements.length ? (
        <ul aria-label="Active agreements" className="space-y-2">
          {sources.data.agreements.map((a) => (
            <Pick
              key={a.id}
              onClick={() => go(newInvoicePath('agreement', { agreementId: a.id, companyId: a.companyId }))}
              title={`${a.companyName} · ${agreementNumber(a.id)}`}
              detail={`${a.valueCents === null ? '—' : formatMoney(a.valueCents)} · ${formatDay(a.startDate)} – ${formatDay(a.endDate)}`}
            />
          ))}
        </ul>
      ) : (
        <Empty>{INVOICE_MESSAGES.noAgreements}</Empty>
      );
    else
      list = sources.data.quotes.length ? (
        <ul aria-label="Accepted quotes" className="space-y-2">
          {sources.data.quotes.map((q) => (
            <Pick
              key={q.id}
              onClick={() => go(newInvoicePath('quote', { quoteId: q.id, companyId: q.companyId }))}
              title={`${q.companyName} · ${quoteNumber(q.id)}`}
              detail={`${formatMoney(q.totalCents)}${q.acceptedAt ? ` · Accepted ${formatDate(q.acceptedAt, session.timezone)}` : ''}`}
            />
          ))}
        </ul>
      ) : (
        <Empty>{INVOICE_MESSAGES.noQuotes}</Empty>
      );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {step === 'choose' ? (
        <div className="space-y-3">
          <SourceChoice icon={FileSignature} label="From Agreement" onClick={() => setStep('agreements')}>
            Bill an active sponsorship agreement; its products become the lines.
          </SourceChoice>
          <SourceChoice icon={FileText} label="From Accepted Quote" onClick={() => setStep('quotes')}>
            Bill a quote the sponsor accepted before any agreement was made.
          </SourceChoice>
          <SourceChoice
            icon={FilePen}
            label="Direct Invoice"
            onClick={() => go(newInvoicePath('direct', { companyId }))}
          >
            Choose the company and write the lines yourself.
          </SourceChoice>
        </div>
      ) : (
        <div className="space-y-3">
          <Button variant="ghost" size="sm" onClick={() => setStep('choose')} className="-ml-2">
            <ArrowLeft className="h-4 w-4" aria-hidden /> Back
          </Button>
          {list}
        </div>
      )}
    </Dialog>
  );
}
