import { FUNDRAISING_MESSAGES, type TCampaignDetail } from '@pennant/shared/fundraising/schemas';
import { ArrowLeft, HandHeart, Rocket, Send, Sparkles, Trash2, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Card } from '@/components/ui/Card';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ErrorState } from '@/components/ui/ErrorState';
import { Skeleton } from '@/components/ui/Skeleton';
import { ApiError, errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useCampaign, useDeleteCampaign, useEmailHistory } from '../fundraising-api';
import { GenerateWithAiDialog } from '../launch/GenerateWithAiDialog';
import { writeEmailDraft } from '../launch/launch-storage';
import { CampaignStatusBadge, launchPath } from '../list/CampaignRows';
import { AddContactsDialog, type TAddContactsPresentation } from './AddContactsDialog';
import { CampaignCards, CampaignDetailsCard } from './CampaignCards';
import { CampaignContacts } from './CampaignContacts';
import { DonationTracking } from './DonationTracking';
import { CampaignProgressCard, PlayerProgressSection } from './PlayerProgressCards';

const LIST_PATH = '/dashboard/fundraising';

function BackLink() {
  return (
    <Link to={LIST_PATH} className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-brand-700">
      <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Campaigns
    </Link>
  );
}

function DetailSkeleton() {
  return (
    <div className="mx-auto max-w-7xl space-y-5" aria-busy="true">
      <p role="status" className="sr-only">
        Loading campaign...
      </p>
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-8 w-72 max-w-full" />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {['a', 'b', 'c', 'd'].map((k) => (
          <Skeleton key={k} className="h-24" />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
        <Skeleton className="h-72 lg:col-span-2" />
        <Skeleton className="h-72" />
      </div>
    </div>
  );
}

/** 'Campaign Not Found' (§2.4) with the server's reason, or the page's own sentence. */
function NotFound({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-3xl">
      <Card className="flex flex-col items-center gap-3 p-10 text-center">
        <HandHeart className="h-10 w-10 text-slate-300" aria-hidden />
        <h1 className="text-xl font-semibold text-slate-900">{FUNDRAISING_MESSAGES.notFoundTitle}</h1>
        <p className="text-sm text-slate-600">{message}</p>
        <ButtonLink to={LIST_PATH} variant="outline">
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Campaigns
        </ButtonLink>
      </Card>
    </div>
  );
}

/** /dashboard/fundraising/campaign/{campaignId} (spec 002 §2.4, §2.5, §4.1). */
export function CampaignDetailPage() {
  const { campaignId = '' } = useParams();
  const campaign = useCampaign(campaignId);
  const name = campaign.data?.name;
  useEffect(() => {
    document.title = `${name ?? 'Campaign'} — Pennant`;
  }, [name]);

  if (campaignId === '') return <NotFound message={FUNDRAISING_MESSAGES.notFoundText} />;
  if (campaign.isPending) return <DetailSkeleton />;
  if (!campaign.data) {
    const err = campaign.error;
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
      return <NotFound message={err.status === 404 ? err.message : FUNDRAISING_MESSAGES.notFoundText} />;
    }
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <BackLink />
        <ErrorState onRetry={() => void campaign.refetch()}>
          {FUNDRAISING_MESSAGES.loadFailed(errorMessage(err, 'Something went wrong'))}
        </ErrorState>
      </div>
    );
  }
  return <CampaignDetail campaign={campaign.data} />;
}

function CampaignDetail({ campaign: c }: { campaign: TCampaignDetail }) {
  const session = useSession();
  const rights = session.permissions.campaigns;
  const navigate = useNavigate();
  const sent = c.status === 'sent';
  const unsent = c.status === 'draft' || c.status === 'ready';
  // The incremental send needs the e-mail history: contacts never sent the campaign e-mail (§4.1).
  const history = useEmailHistory(sent ? c.id : '');
  const newContacts = history.data?.newContacts ?? 0;
  const [adding, setAdding] = useState<TAddContactsPresentation | null>(null);
  const [aiOpen, setAiOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const remove = useDeleteCampaign({
    onSuccess: () => {
      setDeleting(false);
      toast.success(FUNDRAISING_MESSAGES.deleted);
      navigate(LIST_PATH);
    },
    onError: (err) => {
      setDeleting(false);
      toast.error(errorMessage(err, 'Failed to delete campaign'));
    },
  });

  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <header className="space-y-3">
        <BackLink />
        <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
          <hgroup className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h1 className="break-words text-2xl font-semibold text-slate-900">{c.name}</h1>
              {sent ? (
                <Badge tone="success" className="text-sm">
                  Active Campaign
                </Badge>
              ) : (
                <CampaignStatusBadge status={c.status} className="text-sm" />
              )}
            </div>
            {c.campaignType === 'alumni' && c.behalfOfName ? (
              <p className="break-words text-sm text-slate-600">on behalf of {c.behalfOfName}</p>
            ) : null}
          </hgroup>
          <div className="flex flex-wrap gap-2">
            {rights.canEdit && unsent ? (
              <>
                <Button variant="outline" onClick={() => setAiOpen(true)}>
                  <Sparkles className="h-4 w-4" aria-hidden /> Generate Email Content with AI
                </Button>
                <ButtonLink to={launchPath(c.id)}>
                  <Rocket className="h-4 w-4" aria-hidden /> Launch
                </ButtonLink>
              </>
            ) : null}
            {rights.canEdit && sent && newContacts > 0 ? (
              <ButtonLink to={launchPath(c.id)}>
                <Send className="h-4 w-4" aria-hidden /> Send to {newContacts} new contacts
              </ButtonLink>
            ) : null}
            {rights.canEdit && sent ? (
              <Button variant="outline" onClick={() => setAdding('rows')}>
                <UserPlus className="h-4 w-4" aria-hidden /> Add Contacts
              </Button>
            ) : null}
            {rights.canDelete && unsent ? (
              <Button variant="outline" className="text-red-700" onClick={() => setDeleting(true)}>
                <Trash2 className="h-4 w-4" aria-hidden /> Delete
              </Button>
            ) : null}
          </div>
        </div>
      </header>

      <CampaignCards campaign={c} />

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {c.campaignType === 'player' ? (
            <PlayerProgressSection campaignId={c.id} />
          ) : (
            <CampaignProgressCard campaignId={c.id} />
          )}
        </div>
        <div className="min-w-0">
          <CampaignDetailsCard campaign={c} timeZone={session.timezone} />
        </div>
      </div>

      {c.campaignType === 'alumni' ? <DonationTracking campaignId={c.id} timeZone={session.timezone} /> : null}

      {sent ? (
        <CampaignContacts
          campaign={c}
          action={
            rights.canEdit ? (
              <Button variant="outline" size="sm" onClick={() => setAdding('tabs')}>
                <UserPlus className="h-4 w-4" aria-hidden /> Add More Contacts
              </Button>
            ) : null
          }
        />
      ) : null}

      <AddContactsDialog
        open={adding !== null}
        onOpenChange={(open) => !open && setAdding(null)}
        campaign={c}
        presentation={adding ?? 'rows'}
      />
      <GenerateWithAiDialog
        open={aiOpen}
        onOpenChange={setAiOpen}
        campaign={c}
        // The server saved it as the template; the launch editor's draft follows it.
        onGenerated={(content) => writeEmailDraft(c.id, content)}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete Campaign"
        message={`Delete "${c.name}"? It leaves the list with its players and contacts.`}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate(c.id)}
      />
    </div>
  );
}
