import { isHighTokenUsage } from '@pennant/shared/admin/rules';
import { ADMIN_MESSAGES, type TTokenUsageRow } from '@pennant/shared/admin/schemas';
import { AlertTriangle } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Alert } from '@/components/ui/Alert';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@/components/ui/Table';
import { formatCount } from '../parts';

const BAR_COLOR = '#2563eb';
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

/** An estimate in dollars: cents for anything over a cent, '< $0.01' for a sliver, $0.00 for none. */
export function formatCost(dollars: number): string {
  if (dollars > 0 && dollars < 0.01) return '< $0.01';
  return usd.format(dollars);
}

/**
 * Token Usage by Model (spec 002 §2.10): tokens per model as bars, the estimated cost of each,
 * and 'High token usage detected…' when a model passed 1,000,000 tokens (§9).
 */
export function TokenUsageChart({ usage, days }: { usage: TTokenUsageRow[]; days: number }) {
  const total = usage.reduce((sum, u) => sum + u.estimatedCost, 0);
  return (
    <div className="space-y-4">
      {isHighTokenUsage(usage) ? (
        <Alert tone="warning" icon={AlertTriangle}>
          {ADMIN_MESSAGES.highTokenUsage}
        </Alert>
      ) : null}
      {usage.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-200 p-6 text-center text-sm text-slate-600">
          No AI usage in the last {days} days.
        </p>
      ) : (
        <>
          <figure
            className="h-64 w-full"
            aria-label={`Tokens by model over the last ${days} days, estimated cost ${formatCost(total)}`}
          >
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={usage} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
                <XAxis
                  dataKey="model"
                  tick={{ fontSize: 12, fill: '#64748b' }}
                  tickLine={false}
                  axisLine={{ stroke: '#cbd5e1' }}
                />
                <YAxis
                  tick={{ fontSize: 12, fill: '#64748b' }}
                  tickLine={false}
                  axisLine={false}
                  width={48}
                  allowDecimals={false}
                  tickFormatter={(v: number) => compact.format(v)}
                />
                <Tooltip
                  formatter={(value) => [formatCount(Number(value)), 'Tokens']}
                  cursor={{ fill: '#f1f5f9' }}
                  contentStyle={{ borderRadius: 8, borderColor: '#e2e8f0', fontSize: 13 }}
                />
                <Bar dataKey="tokenCount" name="Tokens" fill={BAR_COLOR} radius={[4, 4, 0, 0]} maxBarSize={72} />
              </BarChart>
            </ResponsiveContainer>
          </figure>
          <Table aria-label="Token usage by model">
            <TableHead>
              <TableRow>
                <TableHeaderCell>Model</TableHeaderCell>
                <TableHeaderCell className="text-right">Tokens</TableHeaderCell>
                <TableHeaderCell className="text-right">Estimated Cost</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {usage.map((u) => (
                <TableRow key={u.model}>
                  <TableCell className="font-medium text-slate-900">{u.model}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCount(u.tokenCount)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatCost(u.estimatedCost)}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell className="font-semibold text-slate-900">Total</TableCell>
                <TableCell className="text-right font-semibold tabular-nums">
                  {formatCount(usage.reduce((sum, u) => sum + u.tokenCount, 0))}
                </TableCell>
                <TableCell className="text-right font-semibold tabular-nums">{formatCost(total)}</TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </>
      )}
    </div>
  );
}
