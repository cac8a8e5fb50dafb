import { agreementCompanyName } from '@pennant/shared/agreements/rules';
import type { TAgreementDetail } from '@pennant/shared/agreements/schemas';
import { quoteNumber } from '@pennant/shared/quotes/rules';
import { Building2, Copy, FileText, Mail, Receipt, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { formatDate } from '@/lib/format';
import { invoicePath } from '../list/AgreementRows';
import { AgreementStatusBadge, agreementValueText, formatDay } from '../parts';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export interface TDetailActions {
  canInvoice: boolean;
  canCopy: boolean;
  canEmail: boolean;
  canDelete: boolean;
  pdfReady: boolean;
  onEmail: () => void;
  onViewPdf: () => void;
  onDelete: () => void;
}

/** Agreement Details: the terms at a glance, the company, quick actions and a summary (spec §2). */
export function DetailsTab({
  agreement: a,
  actions,
  timeZone,
}: {
  agreement: TAgreementDetail;
  actions: TDetailActions;
  timeZone: string;
}) {
  const company = agreementCompanyName(a.companyName);
  const anyAction = actions.canInvoice || actions.canCopy || actions.canEmail || actions.canDelete;
  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
      <div className="space-y-5 lg:col-span-2">
        <Card>
          <CardHeader>
            <CardTitle>Agreement Information</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
              <Detail label="Status">
                <AgreementStatusBadge status={a.status} />
              </Detail>
              <Detail label="Total Value">
                <span className="text-base font-semibold tabular-nums">{agreementValueText(a.valueCents)}</span>
              </Detail>
              <Detail label="Start Date">{formatDay(a.startDate)}</Detail>
              <Detail label="End Date">{formatDay(a.endDate)}</Detail>
              <Detail label="Term Length">
                {a.customTerm ? (
                  <span className="inline-flex flex-wrap items-center gap-2">
                    {a.derivedTermMonths} {a.derivedTermMonths === 1 ? 'month' : 'months'}
                    <Badge tone="accent">Custom</Badge>
                  </span>
                ) : (
                  `${a.termMonths} months`
                )}
              </Detail>
              <Detail label="Season">{a.seasonLabel ?? <span className="text-slate-500">—</span>}</Detail>
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Terms and Conditions</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            {a.clauses.length ? (
              <ol className="list-decimal space-y-1.5 pl-5 text-sm text-slate-700">
                {a.clauses.map((clause, i) => (
                  // Clauses can repeat; their place is their identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
                  <li key={i}>{clause}</li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-slate-500">No terms recorded.</p>
            )}
            {a.notes ? (
              <div>
                <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">Notes</h3>
                <p className="mt-1 whitespace-pre-wrap text-sm text-slate-700">{a.notes}</p>
              </div>
            ) : null}
          </CardContent>
        </Card>
      </div>

      <div className="space-y-5">
        <Card>
          <CardHeader>
            <CardTitle>Company</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-sm">
            <p className="break-words font-medium text-slate-900">{company}</p>
            {a.companyEmail ? (
              <a
                href={`mailto:${a.companyEmail}`}
                className="flex items-center gap-2 break-all text-brand-700 hover:underline"
              >
                <Mail className="h-4 w-4 shrink-0" aria-hidden /> {a.companyEmail}
              </a>
            ) : (
              <p className="text-slate-500">No email on file</p>
            )}
            <ButtonLink to={`/dashboard/companies/${a.companyId}`} variant="outline" size="sm">
              <Building2 className="h-4 w-4" aria-hidden /> View Company
            </ButtonLink>
          </CardContent>
        </Card>

        <Card role="region" aria-labelledby="quick-actions-title">
          <CardHeader>
            <CardTitle id="quick-actions-title">Quick Actions</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            {actions.canInvoice ? (
              <ButtonLink to={invoicePath(a)} variant="outline" className="w-full justify-start">
                <Receipt className="h-4 w-4" aria-hidden /> Create Invoice
              </ButtonLink>
            ) : null}
            {actions.canCopy ? (
              <ButtonLink
                to={`/dashboard/agreements/new?copy_from=${a.id}`}
                variant="outline"
                className="w-full justify-start"
              >
                <Copy className="h-4 w-4" aria-hidden /> Copy Agreement
              </ButtonLink>
            ) : null}
            {actions.canEmail ? (
              <Button variant="outline" className="w-full justify-start" onClick={actions.onEmail}>
                <Mail className="h-4 w-4" aria-hidden /> Email Agreement
              </Button>
            ) : null}
            <Button
              variant="outline"
              className="w-full justify-start"
              onClick={actions.onViewPdf}
              disabled={!actions.pdfReady}
            >
              <FileText className="h-4 w-4" aria-hidden /> View PDF
            </Button>
            {actions.canDelete ? (
              <Button
                variant="outline"
                className="w-full justify-start text-red-700 hover:bg-red-50"
                onClick={actions.onDelete}
              >
                <Trash2 className="h-4 w-4" aria-hidden /> Delete Agreement
              </Button>
            ) : null}
            {!anyAction ? (
              <p className="text-xs text-slate-500">Your role can view this agreement but not change it.</p>
            ) : null}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Summary</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="space-y-3">
              <Detail label="Agreement ID">
                <span className="font-mono text-xs">{a.id}</span>
              </Detail>
              <Detail label="Created">{formatDate(a.createdAt, timeZone)}</Detail>
              {a.quoteId ? (
                <Detail label="From Quote">
                  <span title={a.quoteId}>{quoteNumber(a.quoteId)}</span>
                </Detail>
              ) : null}
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
