import { CONNECT_MESSAGES } from '@pennant/shared/billing/connect';
import { INVITE_MESSAGES } from '@pennant/shared/team/schemas';
import { Building2, Clock, CreditCard, type LucideIcon, Receipt, Shield, UserCog, Users, Wallet } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/ui/PageHeader';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { useSession } from '@/lib/session';
import { BillingTab } from '@/modules/billing/BillingTab';
import { PaymentsTab } from '@/modules/billing/PaymentsTab';
import { ReceiptsList } from '@/modules/billing/ReceiptsTable';
import { UsersTab } from '@/modules/team/UsersTab';
import { AccountTab } from './AccountTab';
import { OrganizationTab } from './OrganizationTab';
import { SETTINGS_TABS, settingsTabFrom, type TSettingsTab } from './settings-tabs';
import { TimezoneTab } from './TimezoneTab';

const ICONS: Record<TSettingsTab, LucideIcon> = {
  organization: Building2,
  users: Users,
  billing: Wallet,
  receipts: Receipt,
  account: UserCog,
  timezone: Clock,
  payments: CreditCard,
};

/** /dashboard/settings?tab=organization|users|billing|receipts|account|timezone|payments (organization by default). */
export function SettingsPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const tab = settingsTabFrom(params.get('tab'));

  useEffect(() => {
    document.title = 'Settings — Pennant';
  }, []);

  // Back from the payment provider (spec §2): stripe_success=true or stripe_error={message} is said
  // in a toast, then cleared from the address. The Payments tab reads its own stripe=… parameter.
  const stripeSuccess = params.get('stripe_success');
  const stripeError = params.get('stripe_error');
  useEffect(() => {
    if (stripeSuccess === null && stripeError === null) return;
    if (stripeError !== null) toast.error(CONNECT_MESSAGES.connectFailed, { description: stripeError || undefined });
    else if (stripeSuccess === 'true') toast.success(CONNECT_MESSAGES.connected);
    const next = new URLSearchParams(params);
    next.delete('stripe_success');
    next.delete('stripe_error');
    setParams(next, { replace: true });
  }, [stripeSuccess, stripeError, params, setParams]);

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader title="Settings" description={session.org?.name ?? 'Your organization'} />

      {session.isAppAdmin ? (
        <p className="flex flex-wrap items-center gap-2 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-slate-800">
          <Shield className="h-4 w-4 text-brand-700" aria-hidden />
          You are a platform administrator. Organizations, plans and users are managed in the{' '}
          <Link to="/admin/metrics" className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Admin Console
          </Link>
          .
        </p>
      ) : null}

      {!session.org ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">
          {INVITE_MESSAGES.teamRightRequired}
        </p>
      ) : (
        <Tabs
          value={tab}
          onValueChange={(value) => {
            const next = new URLSearchParams(params);
            next.set('tab', value);
            setParams(next, { replace: true });
          }}
        >
          <TabsList aria-label="Settings sections">
            {SETTINGS_TABS.map(({ value, label }) => {
              const Icon = ICONS[value];
              return (
                <TabsTrigger key={value} value={value}>
                  <Icon className="hidden h-4 w-4 sm:block" aria-hidden /> {label}
                </TabsTrigger>
              );
            })}
          </TabsList>
          <TabsContent value="organization">
            <OrganizationTab />
          </TabsContent>
          <TabsContent value="users">
            <UsersTab />
          </TabsContent>
          <TabsContent value="billing">
            <BillingTab />
          </TabsContent>
          <TabsContent value="receipts">
            <ReceiptsList />
          </TabsContent>
          <TabsContent value="account">
            <AccountTab />
          </TabsContent>
          <TabsContent value="timezone">
            <TimezoneTab />
          </TabsContent>
          <TabsContent value="payments">
            <PaymentsTab />
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}
