import {
  fillTone,
  hasCompanyNameColumn,
  missingRequiredTargets,
  PREVIEW_ROWS,
  percentFilled,
  sampleValues,
  type TFillTone,
  type TImportTable,
} from '@pennant/shared/companies/import-mapping';
import {
  IMPORT_TARGET_LABELS,
  IMPORT_TARGETS,
  REQUIRED_IMPORT_TARGETS,
  type TImportTarget,
} from '@pennant/shared/companies/schemas';
import { AlertTriangle } from 'lucide-react';
import { useMemo } from 'react';
import { Select } from '@/components/ui/Field';
import { ScrollX } from '@/components/ui/ScrollX';
import { cn } from '@/lib/cn';

/** Badge colours of a column's fill rate. */
const FILL_TONE_CLASSES: Record<TFillTone, string> = {
  green: 'text-green-700 bg-green-100',
  yellow: 'text-yellow-800 bg-yellow-100',
  red: 'text-red-700 bg-red-100',
};

interface TMappingStepProps {
  table: TImportTable;
  mapping: Record<string, TImportTarget>;
  onChange: (mapping: Record<string, TImportTarget>) => void;
  error: string | null;
}

const targetLabel = (t: TImportTarget) =>
  `${IMPORT_TARGET_LABELS[t]}${REQUIRED_IMPORT_TARGETS.includes(t) ? ' (required)' : ''}`;

export function MappingStep({ table, mapping, onChange, error }: TMappingStepProps) {
  const { headers, rows } = table;
  const columns = useMemo(
    () =>
      headers.map((header) => {
        const percent = percentFilled(rows, header);
        return { header, percent, tone: fillTone(percent), samples: sampleValues(rows, header) };
      }),
    [headers, rows],
  );
  const missing = missingRequiredTargets(mapping);
  const used = new Map<TImportTarget, string>();
  for (const [header, target] of Object.entries(mapping)) used.set(target, header);
  const noNameColumn = !hasCompanyNameColumn(headers);
  const preview = rows.slice(0, PREVIEW_ROWS);

  const setTarget = (header: string, value: string) => {
    const next: Record<string, TImportTarget> = Object.fromEntries(
      Object.entries(mapping).filter(([h]) => h !== header),
    );
    const target = IMPORT_TARGETS.find((t) => t === value);
    if (target) next[header] = target;
    onChange(next);
  };

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">
        Match each column of your file to a company field. Columns left on “Do not import” are ignored. Each field can
        take one column.
      </p>
      {noNameColumn ? (
        <p className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          No column looks like a company name. Choose the column that holds the company names.
        </p>
      ) : null}
      {missing.length > 0 ? (
        <p role="status" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          Required field not mapped: {missing.map((t) => IMPORT_TARGET_LABELS[t]).join(', ')}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}

      <ul aria-label="Columns" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {columns.map(({ header, percent, tone, samples }) => {
          const current = mapping[header] ?? '';
          return (
            <li key={header} className="grid gap-2 p-3 sm:grid-cols-[minmax(0,1fr)_15rem] sm:items-center sm:gap-4">
              <div className="min-w-0 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="truncate font-medium text-slate-900">{header}</span>
                  <span
                    className={cn('rounded-full px-2 py-0.5 text-xs font-medium tabular-nums', FILL_TONE_CLASSES[tone])}
                    title="Share of rows with a value in this column"
                  >
                    {percent}% filled
                  </span>
                </div>
                <p className="truncate text-xs text-slate-500">
                  {samples.length ? (
                    <>
                      <span className="text-slate-500">e.g. </span>
                      {samples.join(' · ')}
                    </>
                  ) : (
                    'No values'
                  )}
                </p>
              </div>
              <Select
                aria-label={`Field for column ${header}`}
                value={current}
                onChange={(e) => setTarget(header, e.target.value)}
                className={cn('h-9', current && 'border-brand-500/50 bg-brand-50/40')}
              >
                <option value="">Do not import</option>
                {IMPORT_TARGETS.map((t) => {
                  const takenBy = used.get(t);
                  const taken = takenBy !== undefined && takenBy !== header;
                  return (
                    <option key={t} value={t} disabled={taken}>
                      {targetLabel(t)}
                      {taken ? ` — used by ${takenBy}` : ''}
                    </option>
                  );
                })}
              </Select>
            </li>
          );
        })}
      </ul>

      <section aria-label="Preview" className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">
          Preview{' '}
          <span className="font-normal text-slate-500">
            (first {Math.min(PREVIEW_ROWS, rows.length)} of {rows.length} rows)
          </span>
        </h3>
        <ScrollX label="Preview table" className="rounded-lg border border-slate-200">
          <table className="w-full text-left text-xs">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                {headers.map((h) => {
                  const target = mapping[h];
                  return (
                    <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                      {h}
                      <span
                        className={cn(
                          'mt-0.5 block text-[11px] font-normal',
                          target ? 'text-brand-700' : 'text-slate-500',
                        )}
                      >
                        {target ? `→ ${IMPORT_TARGET_LABELS[target]}` : 'Not imported'}
                      </span>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {preview.map((row) => (
                <tr key={row.rowNumber}>
                  {headers.map((h) => (
                    <td
                      key={h}
                      className={cn('max-w-48 truncate px-3 py-1.5', mapping[h] ? 'text-slate-800' : 'text-slate-500')}
                    >
                      {row.values[h] ?? ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>
      </section>
    </div>
  );
}
