import type { TCompanyStatus } from '@pennant/shared/companies/schemas';
import { Building2, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { flattenCompanies, useCompanyList } from '../../companies/companies-api';
import { CompanyStatusBadge } from '../../companies/StatusBadge';

export interface TPickedCompany {
  id: string;
  name: string;
  status: TCompanyStatus;
}

const SEARCH_DEBOUNCE_MS = 250;
const SHOWN_MAX = 8;

interface TPickerProps {
  value: TPickedCompany | null;
  onChange: (company: TPickedCompany | null) => void;
  error?: string;
  disabled?: boolean;
}

/** Step 1's company: search by name, pick one (its name and status shown), change it later. */
export function CompanyPicker({ value, onChange, error, disabled }: TPickerProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Company
      </label>
      {value ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <div className="flex min-w-0 items-center gap-2">
            <Building2 className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
            <span className="break-words font-medium text-slate-900">{value.name}</span>
            <CompanyStatusBadge status={value.status} />
          </div>
          <Button
            id={id}
            variant="outline"
            size="sm"
            disabled={disabled}
            aria-label={`Change company (${value.name})`}
            onClick={() => onChange(null)}
          >
            Change
          </Button>
        </div>
      ) : (
        <CompanySearch inputId={id} errorId={error ? errorId : undefined} onPick={onChange} disabled={disabled} />
      )}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The search box and its matches (only while no company is chosen, so nothing is fetched after). */
function CompanySearch({
  inputId,
  errorId,
  onPick,
  disabled,
}: {
  inputId: string;
  errorId: string | undefined;
  onPick: (company: TPickedCompany) => void;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const list = useCompanyList({ search: debounced, status: [], category: 'all', sort: 'name', dir: 'asc' });
  const companies = flattenCompanies(list.data).slice(0, SHOWN_MAX);
  return (
    <div className="space-y-2">
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
        />
        <Input
          id={inputId}
          type="search"
          placeholder="Search companies…"
          autoComplete="off"
          value={search}
          maxLength={200}
          disabled={disabled}
          aria-invalid={Boolean(errorId)}
          aria-describedby={errorId}
          aria-controls={`${inputId}-results`}
          onChange={(e) => setSearch(e.target.value)}
          className="pl-9"
        />
      </div>
      <div id={`${inputId}-results`} className="rounded-lg border border-slate-200">
        {list.isPending ? (
          <p role="status" className="flex items-center gap-2 p-3 text-sm text-slate-600">
            <Spinner size="sm" /> Loading companies...
          </p>
        ) : list.isError ? (
          <p className="p-3 text-sm text-red-700">Error loading companies</p>
        ) : companies.length === 0 ? (
          <p className="p-3 text-sm text-slate-600">No companies found</p>
        ) : (
          <ul aria-label="Matching companies" className="max-h-72 divide-y divide-slate-100 overflow-y-auto">
            {companies.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => onPick({ id: c.id, name: c.name, status: c.status })}
                  className="flex w-full items-center justify-between gap-3 px-3 py-2.5 text-left text-sm hover:bg-slate-50 focus-visible:bg-brand-50 focus-visible:outline-none"
                >
                  <span className="min-w-0 break-words font-medium text-slate-900">{c.name}</span>
                  <CompanyStatusBadge status={c.status} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
