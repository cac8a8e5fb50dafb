import { FUNDRAISING_LIMITS, FUNDRAISING_MESSAGES, type TCampaignDetail } from '@pennant/shared/fundraising/schemas';
import { Lock } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { Loading } from '@/components/ui/Spinner';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/Table';
import { useCampaignContactPage } from '../fundraising-api';
import { Pager } from './parts';

const PAGE_SIZE = FUNDRAISING_LIMITS.contactsPageSize;

/**
 * A sent campaign's contacts (§4.1): locked (the banner), each marked 'Email Sent' once e-mailed;
 * new contacts are added through the dialogs, never edited here. Read a page at a time: a
 * campaign can hold thousands of contacts, and the campaign's own read carries none.
 */
export function CampaignContacts({ campaign: c, action }: { campaign: TCampaignDetail; action?: ReactNode }) {
  const [page, setPage] = useState(1);
  const read = useCampaignContactPage(c.id, page);
  const isPlayer = c.campaignType === 'player';
  const playerNames = useMemo(() => new Map(c.players.map((p) => [p.id, p.name])), [c.players]);
  const total = read.data?.total ?? c.contactCount;
  const totalPages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = Math.min(page, totalPages);
  const shown = read.data?.contacts ?? [];

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div>
          <CardTitle>Contacts</CardTitle>
          <p className="text-sm text-slate-600">
            {total} contacts{read.data ? ` · ${read.data.emailedCount} e-mailed` : ''}
          </p>
        </div>
        {action}
      </CardHeader>
      <CardContent className="space-y-3">
        <Alert tone="info" icon={Lock}>
          {FUNDRAISING_MESSAGES.contactsLocked}
        </Alert>
        {read.isError ? (
          <ErrorState onRetry={() => void read.refetch()}>{FUNDRAISING_MESSAGES.contactsFailed}</ErrorState>
        ) : !read.data ? (
          <Loading>Loading contacts...</Loading>
        ) : total === 0 ? (
          <p className="text-sm text-slate-600">No contacts yet.</p>
        ) : (
          <>
            <Table aria-label="Campaign contacts">
              <TableHead>
                <TableRow>
                  <TableHeaderCell>Name</TableHeaderCell>
                  <TableHeaderCell className="hidden sm:table-cell">Email</TableHeaderCell>
                  {isPlayer ? <TableHeaderCell className="hidden md:table-cell">Player</TableHeaderCell> : null}
                  <TableHeaderCell>Status</TableHeaderCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((x) => (
                  <TableRow key={x.id}>
                    <TableCell className="min-w-32">
                      <p className="break-words font-medium text-slate-900">{x.name}</p>
                      <p className="break-all text-xs text-slate-500 sm:hidden">{x.email}</p>
                    </TableCell>
                    <TableCell className="hidden break-all sm:table-cell">{x.email}</TableCell>
                    {isPlayer ? (
                      <TableCell className="hidden md:table-cell">
                        {(x.playerId ? playerNames.get(x.playerId) : undefined) ?? '—'}
                      </TableCell>
                    ) : null}
                    <TableCell>
                      <div className="flex flex-wrap gap-1">
                        {x.emailSent ? <Badge tone="brand">Email Sent</Badge> : <Badge>Not sent yet</Badge>}
                        {x.optedOut ? <Badge tone="danger">Opted out</Badge> : null}
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Pager label="Contact pages" page={current} totalPages={totalPages} onPage={setPage} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
