import { quoteNumber } from '@pennant/shared/quotes/rules';
import { QUOTE_MESSAGES, type TQuoteSummary } from '@pennant/shared/quotes/schemas';
import { CheckCircle2, FilePen, FileSignature, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Checkbox } from '@/components/ui/Checkbox';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { ApiError, errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { usePlanLimit } from '../companies/usePlanLimit';
import { useAcceptQuote } from './quotes-api';

type TChoice = 'customize' | 'create' | 'only';

const CHOICES: { choice: TChoice; label: string; description: string; icon: LucideIcon }[] = [
  {
    choice: 'customize',
    label: 'Customize Agreement',
    description: 'Accept, then open the agreement form with this quote’s lines to set the term, dates and terms.',
    icon: FilePen,
  },
  {
    choice: 'create',
    label: 'Create Agreement Now',
    description: 'Accept and create the agreement at once with the standard term and terms.',
    icon: FileSignature,
  },
  {
    choice: 'only',
    label: 'Accept Quote Only',
    description: 'Mark the quote accepted without an agreement; you can create one later.',
    icon: CheckCircle2,
  },
];

/** Customize and Accept Only make no agreement now; Create Agreement Now does. */
const AGREEMENT: Record<TChoice, 'create' | 'skip'> = { customize: 'skip', create: 'create', only: 'skip' };

interface TAcceptProps {
  /** The sent quote being accepted; null when closed. */
  quote: TQuoteSummary | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Accept Quote (spec §2, §4): three ways on, and the option to reject the company's other sent
 * quotes at the same time. Over the Free plan's sponsor limit the server's message opens the
 * upgrade dialog.
 */
export function AcceptQuoteDialog({ quote, onOpenChange }: TAcceptProps) {
  const ids = useId();
  const navigate = useNavigate();
  const planLimit = usePlanLimit();
  const [rejectOthers, setRejectOthers] = useState(false);
  const [choosing, setChoosing] = useState<TChoice | null>(null);
  const accept = useAcceptQuote();

  useEffect(() => {
    if (quote) {
      setRejectOthers(false);
      setChoosing(null);
    }
  }, [quote]);

  const choose = (choice: TChoice) => {
    if (!quote) return;
    setChoosing(choice);
    accept.mutate(
      { quote, body: { agreement: AGREEMENT[choice], rejectOtherQuotes: rejectOthers } },
      {
        onSuccess: (result) => {
          onOpenChange(false);
          toast.success(QUOTE_MESSAGES.statusUpdated);
          if (choice === 'customize') navigate(`/dashboard/agreements/new?source=quote&quote_id=${quote.id}`);
          else if (choice === 'create' && result.agreementId) navigate('/dashboard/quotes?agreementCreated=true');
        },
        onError: (err) => {
          setChoosing(null);
          if (planLimit.handle(err)) {
            onOpenChange(false);
            return;
          }
          if (err instanceof ApiError && err.status === 403) {
            toast.error(QUOTE_MESSAGES.noPermission);
            return;
          }
          const title = choice === 'create' ? QUOTE_MESSAGES.acceptAndCreateFailed : QUOTE_MESSAGES.acceptFailed;
          toast.error(title, { description: errorMessage(err, QUOTE_MESSAGES.updateError) });
        },
      },
    );
  };

  const busy = accept.isPending;
  return (
    <>
      <Dialog
        open={quote !== null}
        onOpenChange={(open) => !busy && onOpenChange(open)}
        title={QUOTE_MESSAGES.acceptedTitle}
        description={
          quote ? `How would you like to continue with ${quoteNumber(quote.id)} for ${quote.companyName}?` : undefined
        }
      >
        <div className="space-y-3">
          {CHOICES.map(({ choice, label, description, icon: Icon }) => (
            <button
              key={choice}
              type="button"
              disabled={busy}
              aria-describedby={`${ids}-${choice}`}
              onClick={() => choose(choice)}
              className={cn(
                'flex w-full items-start gap-3 rounded-lg border border-slate-200 p-3 text-left transition-colors',
                'hover:border-brand-300 hover:bg-brand-50/50 focus-visible:outline-2 focus-visible:outline-brand-600',
                'disabled:cursor-not-allowed disabled:opacity-60',
                choice === 'create' && 'border-brand-200',
              )}
            >
              {choosing === choice ? (
                <Spinner className="mt-0.5" />
              ) : (
                <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden />
              )}
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">{label}</span>
                {/* Its name is the label (WCAG 2.5.3: what it shows starts it); the line under it is its description. */}
                <span id={`${ids}-${choice}`} aria-hidden className="block text-sm text-slate-600">
                  {description}
                </span>
              </span>
            </button>
          ))}
          <div className="flex items-start gap-2 pt-2">
            <Checkbox
              id={`${ids}-reject-others`}
              checked={rejectOthers}
              onCheckedChange={setRejectOthers}
              disabled={busy}
              className="mt-0.5"
            />
            <label htmlFor={`${ids}-reject-others`} className="text-sm text-slate-700">
              Also reject this company’s other sent quotes
            </label>
          </div>
        </div>
      </Dialog>
      {planLimit.dialog}
    </>
  );
}
