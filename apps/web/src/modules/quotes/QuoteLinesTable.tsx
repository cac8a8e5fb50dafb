import { formatMoney } from '@pennant/shared/money';
import { Badge } from '@/components/ui/Badge';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/Table';

export interface TTableLine {
  key: string;
  itemName: string;
  qty: number;
  unitPriceCents: number;
  isSetupFee: boolean;
}

/** A quote's lines read-only: item (setup fees marked), quantity, unit price, total. `whole` drops the cents. */
export function QuoteLinesTable({ lines, whole = false }: { lines: readonly TTableLine[]; whole?: boolean }) {
  const money = (cents: number) => formatMoney(cents, whole);
  return (
    <Table>
      <TableHead>
        <TableRow>
          <TableHeaderCell>Item</TableHeaderCell>
          <TableHeaderCell className="text-right">Qty</TableHeaderCell>
          <TableHeaderCell className="text-right">Unit price</TableHeaderCell>
          <TableHeaderCell className="text-right">Total</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((l) => (
          <TableRow key={l.key}>
            <TableCell className="px-3 py-2">
              <span className="break-words">{l.itemName}</span>{' '}
              {l.isSetupFee ? <Badge tone="accent">Setup fee</Badge> : null}
            </TableCell>
            <TableCell className="px-3 py-2 text-right tabular-nums">{l.qty}</TableCell>
            <TableCell className="px-3 py-2 text-right tabular-nums">{money(l.unitPriceCents)}</TableCell>
            <TableCell className="px-3 py-2 text-right tabular-nums">{money(l.qty * l.unitPriceCents)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
