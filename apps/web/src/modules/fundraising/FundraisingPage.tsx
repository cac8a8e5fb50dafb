import { FUNDRAISING_MESSAGES, type TCampaignSummary } from '@pennant/shared/fundraising/schemas';
import { HandHeart, Plus, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { UpgradeDialog } from '@/components/plan/UpgradeDialog';
import { usePlanAllows } from '@/components/plan/usePlan';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { PageHeader } from '@/components/ui/PageHeader';
import { errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { Pager } from './detail/parts';
import { useCampaigns, useDeleteCampaign } from './fundraising-api';
import { CampaignRows, CampaignRowsSkeleton } from './list/CampaignRows';
import { CampaignDialog } from './wizard/CampaignDialog';

/** The dialog in use: a new campaign, or the campaign being edited. */
type TDialogState = { mode: 'create' } | { mode: 'edit'; id: string } | null;

/** A refusal by the database's row-level security reads as such (§2.1): the hint says what to check. */
export function mentionsRowLevelSecurity(message: string): boolean {
  return /row[- ]level security|\brls\b/i.test(message);
}

/**
 * /dashboard/fundraising (spec 002 §2.1): the Campaigns table, New Campaign (members who may
 * create campaigns, on a plan that allows new ones) and the campaign dialog for new and edit.
 */
export function FundraisingPage() {
  useEffect(() => {
    document.title = 'Fundraising — Pennant';
  }, []);
  const session = useSession();
  const rights = session.permissions.campaigns;
  // No new campaigns on a plan without them (a downgraded club keeps its campaigns, spec 000 §4).
  const canCreateOnPlan = usePlanAllows('campaigns');
  const [page, setPage] = useState(1);
  const list = useCampaigns(page);
  const total = list.data?.total ?? 0;
  const pageSize = list.data?.pageSize ?? 1;
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  // The pager sits under the table: the next page is read from its top.
  const showPage = (next: number) => {
    setPage(next);
    document.getElementById('campaigns-heading')?.scrollIntoView?.({ block: 'start' });
  };
  // While the next page loads the one shown stays, with its own numbers.
  const shownPage = list.data?.page ?? page;
  // A page emptied by a deletion (or by another member's) gives way to the last one there is.
  useEffect(() => {
    if (list.data && page > totalPages) setPage(totalPages);
  }, [list.data, page, totalPages]);
  const [dialog, setDialog] = useState<TDialogState>(null);
  const [upgrading, setUpgrading] = useState(false);
  const [deleting, setDeleting] = useState<TCampaignSummary | null>(null);

  const remove = useDeleteCampaign({
    onSuccess: () => {
      setDeleting(null);
      toast.success(FUNDRAISING_MESSAGES.deleted);
    },
    onError: (err) => {
      setDeleting(null);
      toast.error(errorMessage(err, 'Failed to delete campaign'));
    },
  });

  const campaigns = list.data?.campaigns ?? [];
  const newButton = rights.canCreate ? (
    <Button onClick={() => (canCreateOnPlan ? setDialog({ mode: 'create' }) : setUpgrading(true))}>
      <Plus className="h-4 w-4" aria-hidden /> New Campaign
    </Button>
  ) : null;

  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <PageHeader
        title="Fundraising"
        description="Player and alumni campaigns: personal e-mails with donate buttons, reminders and donations."
        actions={newButton}
      />

      <section aria-labelledby="campaigns-heading" className="space-y-3">
        <h2 id="campaigns-heading" className="scroll-mt-20 text-lg font-semibold text-slate-900">
          Campaigns
        </h2>
        {list.isError && !list.data ? (
          <Alert
            title={FUNDRAISING_MESSAGES.fetchError}
            action={
              <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
                <RefreshCw className="h-4 w-4" aria-hidden /> Try Again
              </Button>
            }
          >
            <p className="break-words">{errorMessage(list.error, 'Something went wrong')}</p>
            {mentionsRowLevelSecurity(errorMessage(list.error, '')) ? (
              <p className="mt-1">{FUNDRAISING_MESSAGES.accessPolicyHint}</p>
            ) : null}
          </Alert>
        ) : (
          <Card className="overflow-hidden">
            {list.isPending ? (
              <CampaignRowsSkeleton />
            ) : campaigns.length === 0 ? (
              <EmptyState icon={HandHeart} title={FUNDRAISING_MESSAGES.empty} className="p-12" />
            ) : (
              <CampaignRows
                campaigns={campaigns}
                rights={{ canEdit: rights.canEdit, canDelete: rights.canDelete }}
                onEdit={(c) => setDialog({ mode: 'edit', id: c.id })}
                onDelete={setDeleting}
              />
            )}
            {totalPages > 1 && campaigns.length > 0 ? (
              <div className="space-y-2 border-t border-slate-200 p-3">
                <p className="text-center text-sm text-slate-600">
                  Showing {(shownPage - 1) * pageSize + 1}–{(shownPage - 1) * pageSize + campaigns.length} of {total}
                </p>
                <Pager label="Campaign pages" page={page} totalPages={totalPages} onPage={showPage} />
              </div>
            ) : null}
          </Card>
        )}
      </section>

      {dialog ? (
        <CampaignDialog
          key={dialog.mode === 'edit' ? dialog.id : 'new'}
          campaignId={dialog.mode === 'edit' ? dialog.id : null}
          onClose={() => setDialog(null)}
        />
      ) : null}
      <UpgradeDialog
        open={upgrading}
        onOpenChange={setUpgrading}
        context="upgrade"
        reason={FUNDRAISING_MESSAGES.premiumRequired}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Campaign"
        message={deleting ? `Delete “${deleting.name}”? It leaves the campaign list; this cannot be undone.` : ''}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </div>
  );
}
