import {
  DUPLICATE_ACTIONS,
  duplicateAction,
  plural,
  type TDuplicateAction,
  type TImportDecisions,
  type TImportDuplicate,
} from '@pennant/shared/companies/schemas';
import { ArrowRight } from 'lucide-react';
import { Badge } from '@/components/ui/Badge';
import { Select } from '@/components/ui/Field';
import { websiteText } from '../website';
import { VirtualList } from './VirtualList';

export const DUPLICATE_ACTION_LABELS: Record<TDuplicateAction, string> = {
  skip: 'Skip',
  merge: 'Merge',
  create_new: 'Create New',
};

const toAction = (v: string) => DUPLICATE_ACTIONS.find((a) => a === v);

interface TDuplicatesStepProps {
  /** The duplicates listed in full (the first 1,000 at most). */
  duplicates: TImportDuplicate[];
  /** Every duplicate the server found. */
  total: number;
  decisions: TImportDecisions;
  onDecision: (rowIndex: number, action: TDuplicateAction) => void;
  onDecideAll: (action: TDuplicateAction) => void;
}

export function DuplicatesStep({ duplicates, total, decisions, onDecision, onDecideAll }: TDuplicatesStepProps) {
  const capped = duplicates.length < total;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-prose text-sm text-slate-600">
          {total === 1 ? '1 row matches' : `${plural(total, 'row')} match`} a company you already have. Skipped rows are
          not imported. Merge currently adds the row as a new company, like Create New.
        </p>
        <div className="w-full sm:w-56">
          <Select
            aria-label="Action for all duplicates"
            value={decisions.defaultAction}
            onChange={(e) => {
              const a = toAction(e.target.value);
              if (a) onDecideAll(a);
            }}
            className="h-9"
          >
            {DUPLICATE_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {`All: ${DUPLICATE_ACTION_LABELS[a]}`}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {capped ? (
        <p role="status" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          Showing the first {plural(duplicates.length, 'duplicate')} of {total.toLocaleString('en-US')}. The action for
          all applies to every one of them, including those not shown.
        </p>
      ) : null}
      <VirtualList
        label="Duplicates"
        items={duplicates}
        estimate={76}
        getKey={(d) => d.rowIndex}
        className="max-h-[26rem] rounded-lg border border-slate-200"
        renderItem={(d) => {
          const name = d.importRow.name;
          const action = duplicateAction(decisions, d.rowIndex);
          return (
            <div className="grid gap-2 border-b border-slate-100 p-3 sm:grid-cols-[minmax(0,1fr)_9.5rem] sm:items-center sm:gap-4">
              <div className="min-w-0 space-y-1 text-sm">
                <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="truncate font-medium text-slate-900">{name}</span>
                  <ArrowRight className="h-3.5 w-3.5 shrink-0 text-slate-400" aria-label="matches" />
                  <span className="truncate text-slate-700">{d.existingCompany.name}</span>
                  <Badge tone={d.matchReason === 'Exact name match' ? 'warning' : 'accent'}>{d.matchReason}</Badge>
                </div>
                <p className="truncate text-xs text-slate-500">
                  {`Row ${d.rowNumber}`}
                  {d.importRow.website ? ` · ${websiteText(d.importRow.website)}` : null}
                  {d.existingCompany.website ? ` · existing: ${websiteText(d.existingCompany.website)}` : null}
                </p>
              </div>
              <Select
                aria-label={`Action for ${name}`}
                value={action}
                onChange={(e) => {
                  const a = toAction(e.target.value);
                  if (a) onDecision(d.rowIndex, a);
                }}
                className="h-9"
              >
                {DUPLICATE_ACTIONS.map((a) => (
                  <option key={a} value={a}>
                    {DUPLICATE_ACTION_LABELS[a]}
                  </option>
                ))}
              </Select>
            </div>
          );
        }}
      />
    </div>
  );
}
