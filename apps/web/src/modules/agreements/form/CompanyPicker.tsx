import { companyStatusLabel } from '@pennant/shared/companies/schemas';
import { Check, ChevronsUpDown } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { Input } from '@/components/ui/Field';
import { cn } from '@/lib/cn';
import { flattenCompanies, type TCompanyListFilters, useCompanyList } from '../../companies/companies-api';

export interface TPickedCompany {
  id: string;
  name: string;
}

interface TCompanyPickerProps {
  id: string;
  value: TPickedCompany | null;
  onChange: (company: TPickedCompany) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

const SEARCH_DELAY_MS = 250;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The searchable company select: a combobox (type to search by name, arrows and Enter to choose)
 * over the company list, searched on the server and narrowed at once in the browser.
 */
export function CompanyPicker({ id, value, onChange, disabled, invalid, describedBy }: TCompanyPickerProps) {
  const listId = useId();
  const [text, setText] = useState(value?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  useEffect(() => setText(value?.name ?? ''), [value?.name]);

  const typed = open && text !== (value?.name ?? '') ? text.trim() : '';
  const search = useDebounced(typed, SEARCH_DELAY_MS);
  const filters = useMemo<TCompanyListFilters>(
    () => ({ search, status: [], category: 'all', sort: 'name', dir: 'asc' }),
    [search],
  );
  const list = useCompanyList(filters);
  const options = useMemo(() => {
    const needle = typed.toLowerCase();
    return flattenCompanies(list.data).filter((c) => !needle || c.name.toLowerCase().includes(needle));
  }, [list.data, typed]);

  const choose = (index: number) => {
    const company = options[index];
    if (!company) return;
    onChange({ id: company.id, name: company.name });
    setText(company.name);
    setOpen(false);
  };
  const close = () => {
    setOpen(false);
    setText(value?.name ?? '');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (options.length ? (i + step + options.length) % options.length : 0));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      close();
    }
  };
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div className="relative">
      <Input
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? optionId(active) : undefined}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder="Search companies…"
        disabled={disabled}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        className="pr-9"
      />
      <ChevronsUpDown
        className="pointer-events-none absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      {open ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Companies"
          className="absolute z-30 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          {options.length === 0 ? (
            <p className="px-2 py-2 text-sm text-slate-500">
              {list.isPending || list.isFetching ? 'Loading companies...' : 'No companies found'}
            </p>
          ) : (
            options.map((c, index) => (
              <div
                key={c.id}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={value?.id === c.id}
                // Keep the focus in the box: choosing happens on click, before the blur closes the list.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(index)}
                onKeyDown={() => undefined}
                onMouseEnter={() => setActive(index)}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-800',
                  index === active && 'bg-slate-100',
                )}
              >
                <Check
                  className={cn('h-4 w-4 shrink-0 text-brand-600', value?.id === c.id ? 'visible' : 'invisible')}
                  aria-hidden
                />
                <span className="min-w-0 flex-1 break-words">{c.name}</span>
                <span className="shrink-0 text-xs text-slate-500" aria-hidden>
                  {companyStatusLabel(c.status)}
                </span>
              </div>
            ))
          )}
          {list.hasNextPage && options.length > 0 ? (
            <p className="px-2 py-1.5 text-xs text-slate-500">Type to search for more companies.</p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
