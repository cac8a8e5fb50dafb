import { importRecordHasContact, type TImportRecord } from '@pennant/shared/companies/import-mapping';
import { plural } from '@pennant/shared/companies/schemas';
import { User } from 'lucide-react';
import { websiteText } from '../website';
import { VirtualList } from './VirtualList';

interface TReviewStepProps {
  toImport: TImportRecord[];
  skipped: number;
  /** Rows the company form's rules refuse; the import reports each with its reason. */
  rejected: number;
  fileName: string;
  sheet: string | null;
}

export function ReviewStep({ toImport, skipped, rejected, fileName, sheet }: TReviewStepProps) {
  const withContact = toImport.filter(importRecordHasContact).length;
  const stats = [
    { label: 'Companies to import', value: toImport.length },
    { label: 'With a contact', value: withContact },
    { label: 'Duplicates skipped', value: skipped },
  ];
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        From <span className="font-medium text-slate-800">{fileName}</span>
        {sheet ? (
          <>
            {' '}
            (sheet <span className="font-medium text-slate-800">{sheet}</span>)
          </>
        ) : null}
        . New companies start as prospects.
      </p>
      <dl className="grid grid-cols-3 gap-2">
        {stats.map((s) => (
          <div key={s.label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-slate-500">{s.label}</dt>
            <dd className="text-xl font-semibold tabular-nums text-slate-900">{s.value}</dd>
          </div>
        ))}
      </dl>
      {rejected > 0 ? (
        <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {plural(rejected, 'row')} {rejected === 1 ? 'has' : 'have'} a value the company form would not accept (for
          example an invalid email or website). {rejected === 1 ? 'It' : 'They'} will be listed with the reason after
          the import; the other rows are imported.
        </p>
      ) : null}
      {toImport.length === 0 ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Nothing to import: every row is skipped.
        </p>
      ) : (
        <VirtualList
          label="Companies to import"
          items={toImport}
          estimate={56}
          getKey={(r) => r.rowNumber}
          className="max-h-80 rounded-lg border border-slate-200"
          renderItem={(r) => (
            <div className="flex items-start justify-between gap-3 border-b border-slate-100 px-3 py-2 text-sm">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{r.name}</p>
                <p className="truncate text-xs text-slate-500">
                  {[r.website ? websiteText(r.website) : null, r.industry].filter(Boolean).join(' · ') || '—'}
                </p>
              </div>
              {importRecordHasContact(r) ? (
                <p className="flex min-w-0 max-w-[45%] items-center gap-1 text-xs text-slate-600">
                  <User className="h-3.5 w-3.5 shrink-0 text-slate-400" aria-hidden />
                  <span className="truncate">{r.contactName ?? r.contactEmail}</span>
                </p>
              ) : null}
            </div>
          )}
        />
      )}
    </div>
  );
}
