import { BarChart3, List, Users } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { AnalyticsTab } from './AnalyticsTab';
import { ContactInsightsTab } from './ContactInsightsTab';
import { DonationDetailsTab } from './DonationDetailsTab';

/**
 * Donation Tracking for alumni campaigns (§2.5). Only the open tab is mounted, so each tab's
 * figures load when it is first opened; a donation refreshes them all (the realtime topic).
 */
export function DonationTracking({ campaignId, timeZone }: { campaignId: string; timeZone: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Donation Tracking</CardTitle>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="analytics">
          <TabsList aria-label="Donation tracking">
            <TabsTrigger value="analytics">
              <BarChart3 className="h-4 w-4" aria-hidden /> Analytics
            </TabsTrigger>
            <TabsTrigger value="details">
              <List className="h-4 w-4" aria-hidden /> Donation Details
            </TabsTrigger>
            <TabsTrigger value="insights">
              <Users className="h-4 w-4" aria-hidden /> Contact Insights
            </TabsTrigger>
          </TabsList>
          <TabsContent value="analytics">
            <AnalyticsTab campaignId={campaignId} />
          </TabsContent>
          <TabsContent value="details">
            <DonationDetailsTab campaignId={campaignId} timeZone={timeZone} />
          </TabsContent>
          <TabsContent value="insights">
            <ContactInsightsTab campaignId={campaignId} timeZone={timeZone} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
