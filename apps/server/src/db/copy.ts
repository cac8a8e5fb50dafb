import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { TTx } from './client';

/** A value COPY loads: text (converted by the column's type), or NULL. */
export type TCopyValue = string | null;

export interface TCopyTarget {
  /** The table, e.g. a temporary table made in the same transaction. */
  table: string;
  columns: readonly string[];
}

const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in COPY's text format: backslash, tab and line breaks escaped, NULL as \N. */
function copyField(value: TCopyValue): string {
  if (value === null) return '\\N';
  return SPECIAL.test(value) ? value.replace(SPECIALS, (c) => ESCAPED[c] ?? c) : value;
}

/** The rows as COPY text: one line per row, fields separated by tabs. */
export function copyText(rows: Iterable<readonly TCopyValue[]>): string {
  const lines: string[] = [];
  for (const row of rows) {
    let line = '';
    for (let i = 0; i < row.length; i++) line += (i === 0 ? '' : '\t') + copyField(row[i] ?? null);
    lines.push(line);
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** The part of a PGlite transaction COPY needs. */
type TPgliteTx = Pick<Transaction, 'query'>;

function isPgliteTx(client: unknown): client is TPgliteTx {
  return (
    typeof client === 'object' &&
    client !== null &&
    'query' in client &&
    typeof client.query === 'function' &&
    'rollback' in client &&
    typeof client.rollback === 'function' &&
    'closed' in client
  );
}

/**
 * The connection a transaction runs on: a node-postgres client, or PGlite's transaction. Drizzle
 * keeps it on the transaction's session and does not expose it, so it is looked up and checked.
 */
function connectionOf(tx: TTx): pg.Client | TPgliteTx {
  const session = tx._.session;
  const client: unknown = 'client' in session ? session.client : undefined;
  if (client instanceof pg.Client) return client;
  if (isPgliteTx(client)) return client;
  throw new Error('copyRows: the transaction has no COPY-capable connection');
}

/**
 * Loads rows into a table with COPY, in the transaction `tx` (so a temporary table made in it is
 * there to load): COPY FROM STDIN through pg-copy-streams on PostgreSQL, COPY FROM '/dev/blob' on
 * PGlite. Values are sent as text in COPY's text format. Resolves with nothing once the server
 * has taken every row; rejects (and the transaction is then aborted) if it refused any.
 */
export async function copyRows(tx: TTx, target: TCopyTarget, rows: Iterable<readonly TCopyValue[]>): Promise<void> {
  const text = copyText(rows);
  if (!text) return;
  const columns = target.columns.map((c) => pg.escapeIdentifier(c)).join(', ');
  const into = `${target.table
    .split('.')
    .map((part) => pg.escapeIdentifier(part))
    .join('.')} (${columns})`;
  const connection = connectionOf(tx);
  if (connection instanceof pg.Client) {
    // COPY keeps the connection to itself until the server has every row, which node-postgres's
    // pipeline mode (the pool's, db/client.ts) refuses; every statement before it has been
    // answered (the transaction awaits each), so the connection leaves pipeline mode for the COPY
    // and goes back to it afterwards.
    const pipelined = connection.pipeline;
    Reflect.set(connection, 'pipeline', false);
    try {
      await pipeline(Readable.from([Buffer.from(text)]), connection.query(copyFrom(`COPY ${into} FROM STDIN`)));
    } finally {
      Reflect.set(connection, 'pipeline', pipelined);
    }
    return;
  }
  await connection.query(`COPY ${into} FROM '/dev/blob'`, [], { blob: new Blob([text]) });
}
