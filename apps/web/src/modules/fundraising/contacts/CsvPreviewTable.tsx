import type { TAlumniCsvRow, TPlayerCsvRow } from '@pennant/shared/fundraising/contacts';
import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/Card';
import { Select } from '@/components/ui/Field';
import { TableCell, TableHeaderCell } from '@/components/ui/Table';
import { countOf } from '../wizard/PlayersStep';
import { VirtualTable } from './VirtualTable';

/** A row's status: 'Valid', or each of its errors (a duplicate is skipped, not blocking: amber). */
function RowStatus({ errors, skipped }: { errors: readonly string[]; skipped: string }) {
  if (errors.length === 0) return <Badge tone="success">Valid</Badge>;
  return (
    <span className="flex flex-wrap gap-1">
      {errors.map((e) => (
        <Badge key={e} tone={e === skipped ? 'warning' : 'danger'}>
          {e}
        </Badge>
      ))}
    </span>
  );
}

function RowHeaders({ name }: { name: string }) {
  return (
    <>
      <TableHeaderCell className="w-14">Row</TableHeaderCell>
      <TableHeaderCell>{name}</TableHeaderCell>
      <TableHeaderCell>Email</TableHeaderCell>
    </>
  );
}

/** A preview row's first cells: its place in the file, the name and the address (a dash when blank). */
function RowCells({ row }: { row: { row: number; contactName: string; contactEmail: string } }) {
  const blank = <span className="text-slate-500">—</span>;
  return (
    <>
      <TableCell className="py-1.5 tabular-nums">{row.row}</TableCell>
      <TableCell className="max-w-48 truncate py-1.5" title={row.contactName}>
        {row.contactName || blank}
      </TableCell>
      <TableCell className="max-w-56 truncate py-1.5" title={row.contactEmail}>
        {row.contactEmail || blank}
      </TableCell>
    </>
  );
}

interface TPreviewFrameProps {
  title: string;
  summary: string;
  message: { text: string; error: boolean } | null;
  importLabel: string;
  onImport: () => void;
  onCancel: () => void;
  children: ReactNode;
}

function PreviewFrame({ title, summary, message, importLabel, onImport, onCancel, children }: TPreviewFrameProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <p className="text-sm text-slate-600">{summary}</p>
      </CardHeader>
      <CardContent className="space-y-3">
        {children}
        {message ? <Alert tone={message.error ? 'error' : 'info'}>{message.text}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onImport}>{importLabel}</Button>
        </div>
      </CardContent>
    </Card>
  );
}

interface TPlayerPreviewProps {
  title: string;
  rows: readonly TPlayerCsvRow[];
  players: readonly string[];
  message: { text: string; error: boolean } | null;
  onAssign: (row: number, playerIndex: number) => void;
  onRemove: (row: number) => void;
  onImport: () => void;
  onCancel: () => void;
}

/**
 * A player campaign's import preview (spec 002 §4.3, §5.3): per row its errors; an Unmatched
 * Player row gets a player select; rows can be removed. Import is refused while errors remain
 * (duplicates excepted: they are skipped).
 */
export function PlayerCsvPreview({
  title,
  rows,
  players,
  message,
  onAssign,
  onRemove,
  onImport,
  onCancel,
}: TPlayerPreviewProps) {
  const blocking = rows.filter((r) => r.errors.some((e) => e !== 'Duplicate Email')).length;
  const duplicates = rows.filter((r) => r.errors.includes('Duplicate Email')).length;
  const summary = [
    countOf(rows.length, 'row'),
    `${rows.length - blocking - duplicates} ready`,
    blocking > 0 ? `${blocking} with errors` : null,
    duplicates > 0 ? `${duplicates} duplicate (skipped)` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <PreviewFrame
      title={title}
      summary={summary}
      message={message}
      importLabel="Import"
      onImport={onImport}
      onCancel={onCancel}
    >
      <VirtualTable
        label={title}
        items={rows}
        getKey={(r) => String(r.row)}
        header={
          <>
            <RowHeaders name="Contact Name" />
            <TableHeaderCell>Player</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell>
              <span className="sr-only">Actions</span>
            </TableHeaderCell>
          </>
        }
        renderRow={(r) => (
          <>
            <RowCells row={r} />
            <TableCell className="py-1.5">
              {r.errors.includes('Unmatched Player') ? (
                <Select
                  aria-label={`Player for row ${r.row}`}
                  className="h-8 min-w-36 py-1"
                  value=""
                  onChange={(e) => onAssign(r.row, Number(e.target.value))}
                >
                  <option value="">{r.playerName ? `Assign (“${r.playerName}”)` : 'Assign a player'}</option>
                  {players.map((p, i) => (
                    <option key={p} value={i}>
                      {p}
                    </option>
                  ))}
                </Select>
              ) : (
                (players[r.matchedPlayerIndex] ?? '')
              )}
            </TableCell>
            <TableCell className="py-1.5">
              <RowStatus errors={r.errors} skipped="Duplicate Email" />
            </TableCell>
            <TableCell className="py-1.5 text-right">
              <Button
                variant="ghost"
                size="icon"
                className="h-8 w-8 text-slate-500 hover:text-red-700"
                aria-label={`Remove row ${r.row}`}
                onClick={() => onRemove(r.row)}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </TableCell>
          </>
        )}
      />
    </PreviewFrame>
  );
}

interface TAlumniPreviewProps {
  rows: readonly TAlumniCsvRow[];
  message: { text: string; error: boolean } | null;
  onImport: () => void;
  onCancel: () => void;
}

/** An alumni import's preview (spec 002 §2.2, §5.3): Row, Name, Email, Status; error rows are skipped. */
export function AlumniCsvPreview({ rows, message, onImport, onCancel }: TAlumniPreviewProps) {
  const valid = rows.filter((r) => r.errors.length === 0).length;
  const title = 'Import Preview';
  return (
    <PreviewFrame
      title={title}
      summary={`${countOf(rows.length, 'row')} · ${valid} valid · rows with errors are skipped`}
      message={message}
      importLabel={`Import ${countOf(valid, 'contact')}`}
      onImport={onImport}
      onCancel={onCancel}
    >
      <VirtualTable
        label={title}
        items={rows}
        getKey={(r) => String(r.row)}
        header={
          <>
            <RowHeaders name="Name" />
            <TableHeaderCell>Status</TableHeaderCell>
          </>
        }
        renderRow={(r) => (
          <>
            <RowCells row={r} />
            <TableCell className="py-1.5">
              <RowStatus errors={r.errors} skipped="Duplicate (already added)" />
            </TableCell>
          </>
        )}
      />
    </PreviewFrame>
  );
}
