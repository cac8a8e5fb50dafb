import { lastContactLabel } from '@pennant/shared/companies/rules';
import type { TCompany, TCompanyStatus } from '@pennant/shared/companies/schemas';
import { Briefcase, Clock, ExternalLink, Eye, FilePlus2, MoreHorizontal, StickyNote, Trash2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/DropdownMenu';
import { formatDateTime } from '@/lib/format';
import { CompanyStatusBadge, CompanyStatusSelect } from '../StatusBadge';
import { websiteHref, websiteText } from '../website';

export interface TRowRights {
  canEdit: boolean;
  canDelete: boolean;
  canCreateNote: boolean;
  canCreateQuote: boolean;
}

interface TRowsProps {
  companies: TCompany[];
  selected: ReadonlySet<string>;
  onToggle: (id: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  onStatus: (company: TCompany, status: TCompanyStatus) => void;
  onAddNote: (company: TCompany) => void;
  onDelete: (company: TCompany) => void;
  rights: TRowRights;
  timeZone: string;
}

/**
 * One element per field; its place changes with the width: a card below 1050 px, a table row
 * from there (grid areas), so nothing is rendered twice.
 */
const LG_COLUMNS = 'lg:grid-cols-[1.75rem_minmax(0,2fr)_10.5rem_8rem_minmax(0,1fr)_minmax(0,1.5fr)_2.25rem] lg:gap-x-4';
const ROW_GRID = [
  'grid grid-cols-[auto_auto_minmax(0,1fr)_auto] gap-x-3 gap-y-1.5 lg:gap-y-0.5',
  "[grid-template-areas:'check_name_name_menu'_'._site_site_site'_'._status_last_last'_'._industry_industry_industry'_'._notes_notes_notes']",
  LG_COLUMNS,
  "lg:[grid-template-areas:'check_name_status_last_industry_notes_menu'_'check_site_status_last_industry_notes_menu']",
].join(' ');
const HEADER_GRID = [
  'hidden lg:grid',
  LG_COLUMNS,
  "lg:[grid-template-areas:'check_name_status_last_industry_notes_menu']",
].join(' ');

export function CompanyRows({
  companies,
  selected,
  onToggle,
  onToggleAll,
  onStatus,
  onAddNote,
  onDelete,
  rights,
  timeZone,
}: TRowsProps) {
  const allSelected = companies.length > 0 && companies.every((c) => selected.has(c.id));
  const selectAll = (
    <Checkbox
      checked={allSelected}
      onCheckedChange={onToggleAll}
      aria-label="Select all companies"
      disabled={!rights.canEdit || companies.length === 0}
    />
  );
  return (
    <div>
      <div className="flex items-center gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2.5 text-sm text-slate-600 lg:hidden">
        {selectAll}
        <span aria-hidden>Select all</span>
      </div>
      <div
        className={`${HEADER_GRID} items-center border-b border-slate-200 bg-slate-50 px-4 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-500`}
      >
        <div className="[grid-area:check]">{selectAll}</div>
        <div className="[grid-area:name]">Company</div>
        <div className="[grid-area:status]">Status</div>
        <div className="[grid-area:last]">Last Contact</div>
        <div className="[grid-area:industry]">Industry</div>
        <div className="[grid-area:notes]">Notes</div>
        <div className="[grid-area:menu]">
          <span className="sr-only">Actions</span>
        </div>
      </div>
      <ul aria-label="Companies" className="divide-y divide-slate-100">
        {companies.map((c) => (
          <CompanyRow
            key={c.id}
            company={c}
            checked={selected.has(c.id)}
            onToggle={onToggle}
            onStatus={onStatus}
            onAddNote={onAddNote}
            onDelete={onDelete}
            rights={rights}
            timeZone={timeZone}
          />
        ))}
      </ul>
    </div>
  );
}

interface TRowProps {
  company: TCompany;
  checked: boolean;
  onToggle: (id: string, checked: boolean) => void;
  onStatus: (company: TCompany, status: TCompanyStatus) => void;
  onAddNote: (company: TCompany) => void;
  onDelete: (company: TCompany) => void;
  rights: TRowRights;
  timeZone: string;
}

function CompanyRow({ company: c, checked, onToggle, onStatus, onAddNote, onDelete, rights, timeZone }: TRowProps) {
  const navigate = useNavigate();
  return (
    <li className={`${ROW_GRID} items-center px-4 py-3 hover:bg-slate-50/70 ${checked ? 'bg-brand-50/60' : ''}`}>
      <div className="[grid-area:check] self-start pt-0.5 lg:self-center lg:pt-0">
        <Checkbox
          checked={checked}
          onCheckedChange={(v) => onToggle(c.id, v)}
          aria-label={`Select ${c.name}`}
          disabled={!rights.canEdit}
        />
      </div>
      <div className="min-w-0 [grid-area:name] lg:self-end">
        <Link
          to={`/dashboard/companies/${c.id}`}
          className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline"
        >
          {c.name}
        </Link>
      </div>
      <div className="min-w-0 [grid-area:site] lg:self-start">
        {c.website ? (
          <a
            href={websiteHref(c.website)}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex max-w-full items-center gap-1 text-sm text-slate-500 hover:text-brand-700 hover:underline"
          >
            <span className="truncate">{websiteText(c.website)}</span>
            <ExternalLink className="h-3 w-3 shrink-0" aria-hidden />
          </a>
        ) : (
          <span className="hidden text-sm text-slate-500 lg:inline">No website</span>
        )}
      </div>
      <div className="[grid-area:status]">
        {rights.canEdit ? (
          <CompanyStatusSelect
            aria-label={`Status for ${c.name}`}
            value={c.status}
            onValueChange={(s) => s !== c.status && onStatus(c, s)}
          />
        ) : (
          <CompanyStatusBadge status={c.status} />
        )}
      </div>
      <div className="flex min-w-0 items-center gap-1.5 text-sm text-slate-600 [grid-area:last]">
        <Clock className="h-3.5 w-3.5 shrink-0 text-slate-400 lg:hidden" aria-hidden />
        <span title={c.lastContactedAt ? formatDateTime(c.lastContactedAt, timeZone) : undefined}>
          <span className="sr-only lg:hidden">Last contact: </span>
          {lastContactLabel(c.lastContactedAt)}
        </span>
      </div>
      <div
        className={`min-w-0 items-center gap-1.5 text-sm text-slate-600 [grid-area:industry] ${c.industry ? 'flex' : 'hidden lg:flex'}`}
      >
        <Briefcase className="h-3.5 w-3.5 shrink-0 text-slate-400 lg:hidden" aria-hidden />
        <span className="truncate">{c.industry ?? <span className="text-slate-500">—</span>}</span>
      </div>
      <div className={`min-w-0 text-sm text-slate-500 [grid-area:notes] ${c.notes ? '' : 'hidden lg:block'}`}>
        <p className="line-clamp-2 break-words" title={c.notes ?? undefined}>
          {c.notes ?? <span className="text-slate-500">—</span>}
        </p>
      </div>
      <div className="[grid-area:menu] self-start lg:self-center">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Actions for ${c.name}`} className="h-8 w-8">
              <MoreHorizontal className="h-4 w-4" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem onSelect={() => navigate(`/dashboard/companies/${c.id}`)}>
              <Eye className="h-4 w-4" aria-hidden /> View Details
            </DropdownMenuItem>
            <DropdownMenuItem disabled={!rights.canCreateNote} onSelect={() => onAddNote(c)}>
              <StickyNote className="h-4 w-4" aria-hidden /> Add Note
            </DropdownMenuItem>
            <DropdownMenuItem
              disabled={!rights.canCreateQuote}
              onSelect={() => navigate(`/dashboard/quotes/new?company=${c.id}`)}
            >
              <FilePlus2 className="h-4 w-4" aria-hidden /> Create Quote
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem danger disabled={!rights.canDelete} onSelect={() => onDelete(c)}>
              <Trash2 className="h-4 w-4" aria-hidden /> Delete Company
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </li>
  );
}
