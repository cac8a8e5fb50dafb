import { ArrowLeft, Building2, ExternalLink } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/ButtonLink';
import { Card } from '@/components/ui/Card';
import { PageLoading } from '@/components/ui/Spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { ApiError } from '@/lib/api';
import { useCompany } from './companies-api';
import { ContactsTab } from './detail/ContactsTab';
import { DetailsTab } from './detail/DetailsTab';
import { NotesTab } from './detail/NotesTab';
import { CompanyStatusBadge } from './StatusBadge';
import { websiteHref, websiteText } from './website';

const TABS = ['details', 'contacts', 'notes'] as const;
type TTab = (typeof TABS)[number];

function BackLink() {
  return (
    <Link
      to="/dashboard/companies"
      className="inline-flex items-center gap-1 text-sm text-slate-600 hover:text-brand-700"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden /> Companies
    </Link>
  );
}

export function CompanyDetailPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab: TTab = TABS.find((t) => t === params.get('tab')) ?? 'details';
  const setTab = (next: string) => {
    const p = new URLSearchParams(params);
    if (next === 'details') p.delete('tab');
    else p.set('tab', next);
    setParams(p, { replace: true });
  };
  const company = useCompany(id);

  useEffect(() => {
    document.title = `${company.data?.name ?? 'Company'} — Pennant`;
  }, [company.data?.name]);

  if (company.isPending) return <PageLoading />;
  if (company.isError) {
    const notFound = company.error instanceof ApiError && company.error.status === 404;
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <BackLink />
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <Building2 className="h-10 w-10 text-slate-300" aria-hidden />
          <h1 className="text-xl font-semibold text-slate-900">
            {notFound ? 'Company not found' : 'Company could not be loaded'}
          </h1>
          <p className="text-sm text-slate-600">
            {notFound
              ? 'It may have been deleted, or it belongs to another organization.'
              : 'Please check your connection and try again.'}
          </p>
          <ButtonLink to="/dashboard/companies" variant="outline">
            Back to Companies
          </ButtonLink>
        </Card>
      </div>
    );
  }

  const c = company.data;
  return (
    <div className="mx-auto max-w-7xl space-y-5">
      <div className="space-y-2">
        <BackLink />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="min-w-0 break-words text-2xl font-semibold text-slate-900">{c.name}</h1>
          <CompanyStatusBadge status={c.status} />
        </div>
        {c.website || c.industry ? (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            {c.industry ? <span>{c.industry}</span> : null}
            {c.website ? (
              <a
                href={websiteHref(c.website)}
                target="_blank"
                rel="noreferrer noopener"
                className="inline-flex items-center gap-1 text-brand-700 hover:underline"
              >
                {websiteText(c.website)} <ExternalLink className="h-3.5 w-3.5" aria-hidden />
              </a>
            ) : null}
          </p>
        ) : null}
      </div>

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Company sections">
          <TabsTrigger value="details">Company Details</TabsTrigger>
          <TabsTrigger value="contacts">
            Contacts
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs tabular-nums text-slate-600">
              {c.contactCount}
            </span>
          </TabsTrigger>
          <TabsTrigger value="notes">Notes</TabsTrigger>
        </TabsList>
        <TabsContent value="details">
          <DetailsTab company={c} onShowContacts={() => setTab('contacts')} />
        </TabsContent>
        <TabsContent value="contacts">
          <ContactsTab companyId={c.id} />
        </TabsContent>
        <TabsContent value="notes">
          <NotesTab companyId={c.id} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
