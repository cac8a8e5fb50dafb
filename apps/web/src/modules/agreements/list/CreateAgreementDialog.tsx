import { formatMoney } from '@pennant/shared/money';
import { quoteNumber } from '@pennant/shared/quotes/rules';
import { ArrowLeft, ChevronRight, FilePlus2, FileSignature, FileText } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Loading } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useAcceptedQuotesWithoutAgreement } from '../agreements-api';

export const NO_ACCEPTED_QUOTES = 'No accepted quotes available';

function Choice({
  icon: Icon,
  label,
  description,
  onClick,
  disabled,
}: {
  icon: typeof FileText;
  label: string;
  description: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-describedby={`${id}-description`}
      className="flex w-full items-center gap-3 rounded-lg border border-slate-200 p-4 text-left hover:border-brand-300 hover:bg-brand-50/50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50"
    >
      <Icon className="h-5 w-5 shrink-0 text-brand-600" aria-hidden />
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-slate-900">{label}</span>
        {/* Its name is the label (WCAG 2.5.3: what it shows starts it); the line under it is its description. */}
        <span id={`${id}-description`} aria-hidden className="block text-sm text-slate-600">
          {description}
        </span>
      </span>
      <ChevronRight className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
    </button>
  );
}

/** Create Agreement: from an accepted quote, a quote first, or a direct agreement (spec §2). */
export function CreateAgreementDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const navigate = useNavigate();
  const session = useSession();
  const [step, setStep] = useState<'choose' | 'quotes'>('choose');
  useEffect(() => {
    if (open) setStep('choose');
  }, [open]);
  const quotes = useAcceptedQuotesWithoutAgreement(open && step === 'quotes');

  const go = (to: string) => {
    onOpenChange(false);
    navigate(to);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={step === 'quotes' ? 'From Accepted Quote' : 'Create Agreement'}
      description={
        step === 'quotes'
          ? 'Choose an accepted quote that has no agreement yet.'
          : 'How would you like to create the agreement?'
      }
    >
      {step === 'choose' ? (
        <div className="space-y-3">
          <Choice
            icon={FileText}
            label="From Accepted Quote"
            description="Turn a quote the sponsor accepted into an agreement."
            onClick={() => setStep('quotes')}
          />
          <Choice
            icon={FilePlus2}
            label="Create Quote First"
            description="Price the sponsorship in a quote, then make the agreement when it is accepted."
            disabled={!session.permissions.quotes.canCreate}
            onClick={() => go('/dashboard/quotes/new')}
          />
          <Choice
            icon={FileSignature}
            label="Direct Agreement"
            description="Fill in the agreement yourself: company, term and products."
            onClick={() => go('/dashboard/agreements/new')}
          />
        </div>
      ) : (
        <div className="space-y-3">
          <Button variant="ghost" size="sm" onClick={() => setStep('choose')} className="-ml-2">
            <ArrowLeft className="h-4 w-4" aria-hidden /> Back
          </Button>
          {quotes.isPending ? (
            <Loading>Loading quotes...</Loading>
          ) : quotes.isError ? (
            <p role="alert" className="text-sm text-red-600">
              {errorMessage(quotes.error, 'Error loading quotes')}
            </p>
          ) : quotes.data.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
              {NO_ACCEPTED_QUOTES}
            </p>
          ) : (
            <ul aria-label="Accepted quotes" className="space-y-2">
              {quotes.data.map((q) => (
                <li key={q.id}>
                  <button
                    type="button"
                    onClick={() => go(`/dashboard/agreements/new?source=quote&quote_id=${q.id}`)}
                    className="flex w-full items-center gap-3 rounded-lg border border-slate-200 p-3 text-left hover:border-brand-300 hover:bg-brand-50/50 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block font-medium text-slate-900">
                        {quoteNumber(q.id)} · <span className="break-words">{q.companyName}</span>
                      </span>
                      <span className="block text-sm text-slate-600">
                        {formatMoney(q.totalCents)} · {formatDate(q.createdAt, session.timezone)}
                      </span>
                    </span>
                    <ChevronRight className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}
