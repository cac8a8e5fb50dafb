import {
  COMPANY_SORT_FIELDS,
  COMPANY_SORT_LABELS,
  COMPANY_STATUSES,
  companyStatusLabel,
  type TCompanySortField,
  type TCompanyStatus,
  type TSortDirection,
} from '@pennant/shared/companies/schemas';
import { ArrowDownUp, Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/Button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/DropdownMenu';
import { Input, Select } from '@/components/ui/Field';

interface TToolbarProps {
  search: string;
  onSearch: (search: string) => void;
  status: TCompanyStatus | '';
  onStatus: (status: TCompanyStatus | '') => void;
  sort: TCompanySortField;
  dir: TSortDirection;
  onSort: (sort: TCompanySortField, dir: TSortDirection) => void;
}

/** Dates read best newest first; names and statuses A to Z. */
const NATURAL_DIR: Record<TCompanySortField, TSortDirection> = {
  name: 'asc',
  status: 'asc',
  created_at: 'desc',
  updated_at: 'desc',
  last_contacted_at: 'desc',
};

function dirLabel(sort: TCompanySortField, dir: TSortDirection): string {
  if (sort === 'name' || sort === 'status') return dir === 'asc' ? 'A to Z' : 'Z to A';
  return dir === 'asc' ? 'Oldest first' : 'Newest first';
}

export function CompanyToolbar({ search, onSearch, status, onStatus, sort, dir, onSort }: TToolbarProps) {
  const [draft, setDraft] = useState(search);
  useEffect(() => setDraft(search), [search]);

  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
      <form
        className="flex min-w-0 flex-1 gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(draft.trim());
        }}
      >
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
          />
          <Input
            type="search"
            aria-label="Search companies"
            placeholder="Search name, industry, website, notes…"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            className="pl-9 pr-9 [&::-webkit-search-cancel-button]:hidden"
            maxLength={200}
          />
          {draft ? (
            <button
              type="button"
              aria-label="Clear search"
              className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
              onClick={() => {
                setDraft('');
                onSearch('');
              }}
            >
              <X className="h-4 w-4" />
            </button>
          ) : null}
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>
      <div className="flex gap-2">
        <Select
          aria-label="Filter by status"
          value={status}
          onChange={(e) => onStatus(COMPANY_STATUSES.find((s) => s === e.target.value) ?? '')}
          className="min-w-0 flex-1 lg:w-44 lg:flex-none"
        >
          <option value="">All Statuses</option>
          {COMPANY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {companyStatusLabel(s)}
            </option>
          ))}
        </Select>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="outline"
              className="shrink-0"
              aria-label={`Sort: ${COMPANY_SORT_LABELS[sort]}, ${dirLabel(sort, dir)}`}
            >
              <ArrowDownUp className="h-4 w-4" aria-hidden />
              <span className="hidden sm:inline">Sort: {COMPANY_SORT_LABELS[sort]}</span>
              <span className="sm:hidden">Sort</span>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent className="w-56">
            <DropdownMenuLabel>Sort by</DropdownMenuLabel>
            <DropdownMenuRadioGroup
              value={sort}
              onValueChange={(v) => {
                const next = COMPANY_SORT_FIELDS.find((f) => f === v);
                if (next) onSort(next, NATURAL_DIR[next]);
              }}
            >
              {COMPANY_SORT_FIELDS.map((f) => (
                <DropdownMenuRadioItem key={f} value={f}>
                  {COMPANY_SORT_LABELS[f]}
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>Order</DropdownMenuLabel>
            <DropdownMenuRadioGroup value={dir} onValueChange={(v) => onSort(sort, v === 'asc' ? 'asc' : 'desc')}>
              <DropdownMenuRadioItem value="asc">{dirLabel(sort, 'asc')}</DropdownMenuRadioItem>
              <DropdownMenuRadioItem value="desc">{dirLabel(sort, 'desc')}</DropdownMenuRadioItem>
            </DropdownMenuRadioGroup>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </div>
  );
}
