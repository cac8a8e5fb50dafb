import { campaignStatusTone, progressBarPercent, progressPercentage } from '@pennant/shared/fundraising/rules';
import { CAMPAIGN_TYPE_LABELS, type TCampaignSummary } from '@pennant/shared/fundraising/schemas';
import { formatMoney } from '@pennant/shared/money';
import { Eye, MoreHorizontal, Pencil, Rocket, Send, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/DropdownMenu';
import { Progress } from '@/components/ui/Progress';
import { Skeleton } from '@/components/ui/Skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/Table';
import { cn } from '@/lib/cn';
import { formatDay } from '../../agreements/parts';

export const campaignPath = (id: string) => `/dashboard/fundraising/campaign/${id}`;
export const launchPath = (id: string) => `/dashboard/fundraising/launch/${id}`;

const TONE_CLASSES: Record<ReturnType<typeof campaignStatusTone>, string> = {
  yellow: 'bg-yellow-100 text-yellow-800',
  green: 'bg-green-100 text-green-800',
  blue: 'bg-blue-100 text-blue-800',
  grey: 'bg-slate-100 text-slate-700',
};

/** 'draft' → 'Draft'; a status the product does not write reads as given (§4.1). */
export function campaignStatusLabel(status: string): string {
  return status ? status.charAt(0).toUpperCase() + status.slice(1) : status;
}

/** The status badge (§4.1): draft yellow, ready green, sent blue, any other value grey. */
export function CampaignStatusBadge({ status, className }: { status: string; className?: string }) {
  const tone = campaignStatusTone(status);
  return (
    <Badge data-tone={tone} className={cn(TONE_CLASSES[tone], className)}>
      {campaignStatusLabel(status)}
    </Badge>
  );
}

/** 'Mar 1, 2026 – Mar 31, 2026' */
export function campaignPeriod(c: Pick<TCampaignSummary, 'startsAt' | 'endsAt'>): string {
  return `${formatDay(c.startsAt.slice(0, 10))} – ${formatDay(c.endsAt.slice(0, 10))}`;
}

/** A player campaign's goal is per player ('$500 / player'); an alumni campaign's is the campaign's. */
export function campaignGoal(c: Pick<TCampaignSummary, 'campaignType' | 'goalCents'>): string {
  if (c.goalCents === null) return 'No goal';
  return c.campaignType === 'player' ? `${formatMoney(c.goalCents, true)} / player` : formatMoney(c.goalCents, true);
}

export interface TCampaignRights {
  canEdit: boolean;
  canDelete: boolean;
}

interface TCampaignRowsProps {
  campaigns: TCampaignSummary[];
  rights: TCampaignRights;
  onEdit: (campaign: TCampaignSummary) => void;
  onDelete: (campaign: TCampaignSummary) => void;
}

/**
 * The Campaigns table (spec 002 §2.1). Type and Campaign Period leave below 1024 px, Goal and
 * Raised below 640 px; what left sits under the name, so a phone keeps the name and the actions.
 */
export function CampaignRows({ campaigns, rights, onEdit, onDelete }: TCampaignRowsProps) {
  return (
    <Table aria-label="Campaigns">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Name</TableHeaderCell>
          <TableHeaderCell className="hidden lg:table-cell">Type</TableHeaderCell>
          <TableHeaderCell className="hidden lg:table-cell">Campaign Period</TableHeaderCell>
          <TableHeaderCell className="hidden text-right sm:table-cell">Goal</TableHeaderCell>
          <TableHeaderCell className="hidden sm:table-cell">Raised</TableHeaderCell>
          <TableHeaderCell className="text-right">Actions</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {campaigns.map((c) => (
          <CampaignRow key={c.id} campaign={c} rights={rights} onEdit={onEdit} onDelete={onDelete} />
        ))}
      </TableBody>
    </Table>
  );
}

function CampaignRow({
  campaign: c,
  rights,
  onEdit,
  onDelete,
}: {
  campaign: TCampaignSummary;
  rights: TCampaignRights;
  onEdit: (campaign: TCampaignSummary) => void;
  onDelete: (campaign: TCampaignSummary) => void;
}) {
  const sent = c.status === 'sent';
  const percentage = progressPercentage(c.raisedCents, c.totalGoalCents);
  return (
    <TableRow data-status={c.status}>
      <TableCell className="min-w-36 max-w-72">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {/* Only a sent campaign has a page of its own (§2.1): its metrics and donations. */}
          {sent ? (
            <Link to={campaignPath(c.id)} className="break-words font-medium text-brand-700 hover:underline">
              {c.name}
            </Link>
          ) : (
            <span className="break-words font-medium text-slate-900">{c.name}</span>
          )}
          <CampaignStatusBadge status={c.status} />
        </div>
        <span className="mt-0.5 block text-xs text-slate-500 lg:hidden">
          {CAMPAIGN_TYPE_LABELS[c.campaignType]} · {campaignPeriod(c)}
        </span>
        <span className="mt-0.5 block text-xs text-slate-500 sm:hidden">
          Goal {campaignGoal(c)} · {formatMoney(c.raisedCents, true)} raised
          {c.totalGoalCents ? ` (${percentage}%)` : ''}
        </span>
      </TableCell>
      <TableCell className="hidden whitespace-nowrap lg:table-cell">{CAMPAIGN_TYPE_LABELS[c.campaignType]}</TableCell>
      <TableCell className="hidden whitespace-nowrap lg:table-cell">{campaignPeriod(c)}</TableCell>
      <TableCell className="hidden whitespace-nowrap text-right tabular-nums sm:table-cell">
        {campaignGoal(c)}
      </TableCell>
      <TableCell className="hidden min-w-32 sm:table-cell">
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span className="font-medium tabular-nums text-slate-900">{formatMoney(c.raisedCents, true)}</span>
          {c.totalGoalCents ? <span className="text-xs tabular-nums text-slate-500">{percentage}%</span> : null}
        </div>
        {c.totalGoalCents ? (
          <Progress
            value={progressBarPercent(percentage)}
            aria-label={`${c.name}: ${formatMoney(c.raisedCents, true)} raised of ${formatMoney(c.totalGoalCents, true)}`}
            className="mt-1 h-1.5"
            indicatorClassName={percentage >= 100 ? 'bg-green-600' : undefined}
          />
        ) : null}
      </TableCell>
      <TableCell className="text-right">
        <RowActions campaign={c} rights={rights} onEdit={onEdit} onDelete={onDelete} />
      </TableCell>
    </TableRow>
  );
}

/**
 * Draft or ready: Launch (editors), Edit, Delete. Sent: View, 'Send to {n} new contacts' when
 * some contacts were never e-mailed (the incremental send, §4.1), Edit; never Delete.
 */
function RowActions({
  campaign: c,
  rights,
  onEdit,
  onDelete,
}: {
  campaign: TCampaignSummary;
  rights: TCampaignRights;
  onEdit: (campaign: TCampaignSummary) => void;
  onDelete: (campaign: TCampaignSummary) => void;
}) {
  const sent = c.status === 'sent';
  // Launch and delete belong to draft and ready campaigns (§4.1); another status has neither.
  const open = c.status === 'draft' || c.status === 'ready';
  const canLaunch = rights.canEdit && open;
  const canSendNew = rights.canEdit && sent && c.unsentCount > 0;
  const canDelete = rights.canDelete && open;
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {canLaunch ? (
        <ButtonLink to={launchPath(c.id)} size="sm" aria-label={`Launch ${c.name}`}>
          <Rocket className="h-4 w-4" aria-hidden /> Launch
        </ButtonLink>
      ) : null}
      {canSendNew ? (
        <ButtonLink
          to={launchPath(c.id)}
          size="sm"
          aria-label={`Send ${c.name} to ${c.unsentCount} new contacts`}
          className="h-auto min-h-8 whitespace-normal py-1 text-left"
        >
          <Send className="h-4 w-4" aria-hidden /> Send to {c.unsentCount} new contacts
        </ButtonLink>
      ) : null}
      {sent ? (
        <ButtonLink to={campaignPath(c.id)} size="sm" variant="outline" aria-label={`View ${c.name}`}>
          <Eye className="h-4 w-4" aria-hidden /> View
        </ButtonLink>
      ) : null}
      {rights.canEdit || canDelete ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`More actions for ${c.name}`} className="h-8 w-8">
              <MoreHorizontal className="h-4 w-4" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            {rights.canEdit ? (
              <DropdownMenuItem onSelect={() => onEdit(c)}>
                <Pencil className="h-4 w-4" aria-hidden /> Edit
              </DropdownMenuItem>
            ) : null}
            {canDelete ? (
              <DropdownMenuItem onSelect={() => onDelete(c)} className="text-red-700">
                <Trash2 className="h-4 w-4" aria-hidden /> Delete
              </DropdownMenuItem>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
    </div>
  );
}

/** The table's shape while the list loads. */
export function CampaignRowsSkeleton() {
  return (
    <div aria-busy="true" className="divide-y divide-slate-100">
      <p role="status" className="sr-only">
        Loading campaigns...
      </p>
      {['a', 'b', 'c', 'd'].map((k) => (
        <div key={k} className="flex items-center gap-4 px-3 py-4">
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="hidden h-4 w-16 lg:block" />
          <Skeleton className="hidden h-4 w-40 lg:block" />
          <Skeleton className="hidden h-4 w-20 sm:block" />
          <Skeleton className="hidden h-4 w-28 sm:block" />
          <Skeleton className="h-8 w-20" />
        </div>
      ))}
    </div>
  );
}
