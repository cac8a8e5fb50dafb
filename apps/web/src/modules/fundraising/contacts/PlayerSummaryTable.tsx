import { playerCoverage, type TCoverageStatus } from '@pennant/shared/fundraising/contacts';
import { Pencil } from 'lucide-react';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { TableCell, TableHeaderCell } from '@/components/ui/Table';
import { belongsTo, type TStepContact } from './step-contacts';
import { VirtualTable } from './VirtualTable';

const STATUS: Record<TCoverageStatus, { label: string; tone: 'success' | 'warning' | 'neutral' }> = {
  complete: { label: 'Complete', tone: 'success' },
  partial: { label: 'Partial', tone: 'warning' },
  none: { label: 'No contacts', tone: 'neutral' },
};

interface TSummaryRow {
  /** The player's index; −1 for the Unassigned row. */
  index: number;
  name: string;
  count: number;
  status: TCoverageStatus | null;
}

interface TPlayerSummaryTableProps {
  players: readonly string[];
  contacts: readonly TStepContact[];
  minContacts: number;
  onEdit: (playerIndex: number) => void;
}

/**
 * The per-player summary (spec 002 §2.2): player, contacts against the minimum ('7 / 10'),
 * status (complete at the minimum, partial below it, none without contacts) and Edit; an
 * Unassigned row when contacts have no player. Virtualised from 20 rows (§9).
 */
export function PlayerSummaryTable({ players, contacts, minContacts, onEdit }: TPlayerSummaryTableProps) {
  const min = Number.isFinite(minContacts) && minContacts >= 0 ? minContacts : 0;
  const coverage = playerCoverage(players, contacts, min);
  const rows: TSummaryRow[] = coverage.players.map((p, index) => ({ index, ...p }));
  const unassigned = contacts.filter((c) => belongsTo(c, -1, players.length)).length;
  if (unassigned > 0) rows.push({ index: -1, name: 'Unassigned', count: unassigned, status: null });

  return (
    <VirtualTable
      label="Contacts per player"
      items={rows}
      getKey={(r) => `${r.index}-${r.name}`}
      header={
        <>
          <TableHeaderCell>Player</TableHeaderCell>
          <TableHeaderCell>Contacts</TableHeaderCell>
          <TableHeaderCell>Status</TableHeaderCell>
          <TableHeaderCell className="text-right">
            <span className="sr-only">Actions</span>
          </TableHeaderCell>
        </>
      }
      renderRow={(r) => (
        <>
          <TableCell className="max-w-56 truncate py-1.5 font-medium text-slate-900" title={r.name}>
            {r.index < 0 ? <span className="italic text-slate-600">{r.name}</span> : r.name}
          </TableCell>
          <TableCell className="py-1.5 tabular-nums">{r.status === null ? r.count : `${r.count} / ${min}`}</TableCell>
          <TableCell className="py-1.5">
            {r.status === null ? (
              <Badge tone="danger">Needs a player</Badge>
            ) : (
              <Badge tone={STATUS[r.status].tone}>{STATUS[r.status].label}</Badge>
            )}
          </TableCell>
          <TableCell className="py-1.5 text-right">
            <Button variant="outline" size="sm" aria-label={`Edit ${r.name}`} onClick={() => onEdit(r.index)}>
              <Pencil className="h-3.5 w-3.5" aria-hidden /> <span className="hidden sm:inline">Edit</span>
            </Button>
          </TableCell>
        </>
      )}
    />
  );
}
