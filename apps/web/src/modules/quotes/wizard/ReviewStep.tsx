import { applyMergeTags } from '@pennant/shared/ai/rules';
import type { TEditorLine } from '@pennant/shared/quotes/rules';
import { QuoteTotals } from '../QuoteLineEditor';
import { QuoteLinesTable } from '../QuoteLinesTable';

interface TReviewProps {
  companyName: string;
  recipients: readonly { name: string; email: string }[];
  copyEmail: string | null;
  subject: string;
  body: string;
  lines: readonly (TEditorLine & { itemName: string })[];
  notes: string;
}

/** Step 4, Review & Send: what the first recipient will read, and the quote's lines and totals. */
export function ReviewStep({ companyName, recipients, copyEmail, subject, body, lines, notes }: TReviewProps) {
  const first = recipients[0];
  const merge = (text: string) => applyMergeTags(text, { company_name: companyName, contact_name: first?.name });
  return (
    <div className="space-y-6 text-sm">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
        <dt className="font-medium text-slate-500">Company</dt>
        <dd className="break-words text-slate-900">{companyName}</dd>
        <dt className="font-medium text-slate-500">Recipients</dt>
        <dd className="space-y-0.5 text-slate-900">
          {recipients.map((r) => (
            <p key={r.email} className="break-words">
              {r.name} &lt;{r.email}&gt;
            </p>
          ))}
          {copyEmail ? <p className="break-words text-slate-600">Copy to {copyEmail}</p> : null}
        </dd>
        <dt className="font-medium text-slate-500">Subject</dt>
        <dd className="break-words text-slate-900">{merge(subject)}</dd>
      </dl>

      <section aria-label="Email preview" className="space-y-2">
        <h3 className="font-semibold text-slate-900">
          Message {first ? <span className="font-normal text-slate-500">(as {first.name} will read it)</span> : null}
        </h3>
        <div className="whitespace-pre-line break-words rounded-lg border border-slate-200 bg-slate-50 p-4 text-slate-800">
          {merge(body)}
        </div>
      </section>

      <section aria-label="Quote lines" className="space-y-2">
        <h3 className="font-semibold text-slate-900">Line Items</h3>
        <QuoteLinesTable lines={lines} whole />
        <QuoteTotals lines={lines} />
      </section>

      {notes.trim() ? (
        <section aria-label="Notes" className="space-y-1">
          <h3 className="font-semibold text-slate-900">Notes</h3>
          <p className="whitespace-pre-line break-words text-slate-700">{notes}</p>
        </section>
      ) : null}
    </div>
  );
}
