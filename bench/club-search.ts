// The searches per club (issue 18), for bench/scale.bench.ts: the lookup behind each search (the
// trigram index of its side table) timed in a tenant transaction, as the app runs it, for the large
// organization and for small clubs that hold the same term. A search's cost should grow with the
// club's own rows, not with the number of clubs on the platform (0041 leads those indexes by
// org_id for that reason).

import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import { rows, sql } from '../apps/server/src/db/client';
import { readTenant, withPlatform } from '../apps/server/src/db/tenant';
import type { TDeps } from '../apps/server/src/deps';
import { containsPattern } from '../apps/server/src/modules/companies/companies.repo';

/** Runs timed per club, after a few untimed ones (the statement planned, the pages in memory). */
export const CLUB_SEARCH_RUNS = 40;
const WARM_RUNS = 5;
/** Small clubs measured per search (those holding the term, in id order). */
const SMALL_CLUBS = 20;

export interface TClubSearch {
  label: string;
  large: { hits: number; ms: number };
  /** Null when no small club holds the term. */
  small: { clubs: number; hits: number; ms: number } | null;
}

interface TLookup {
  label: string;
  /** The lookup as the list's search sends it, counting what it found. */
  lookup: (orgId: string) => SQL;
  /** Per organization, how many rows hold the term (read across the platform). */
  holders: SQL;
}

const LOOKUPS: TLookup[] = [
  {
    label: "companies 'keystone' (company_search_hits)",
    lookup: (orgId) =>
      sql`SELECT count(*)::int AS n FROM company_search_hits(${orgId}::uuid, ${containsPattern('keystone')})`,
    holders: sql`SELECT org_id, count(*)::int AS n FROM company_search WHERE doc ILIKE ${containsPattern('keystone')} GROUP BY org_id`,
  },
  {
    label: "agreements 'harbor' (contract_search_rows)",
    lookup: (orgId) =>
      sql`SELECT count(*)::int AS n FROM contract_search_rows(${orgId}::uuid, ${containsPattern('harbor')}, ${'harbor'})`,
    holders: sql`SELECT org_id, count(*)::int AS n FROM contract_search WHERE search_text LIKE ${containsPattern('harbor')} GROUP BY org_id`,
  },
];

const ZHolder = z.object({ org_id: z.string(), n: z.number().int(), user_id: z.string() });
const ZCount = z.object({ n: z.number().int() });

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

/** One club's lookup: its hits and the median time of CLUB_SEARCH_RUNS tenant transactions. */
async function timeLookup(
  deps: TDeps,
  l: TLookup,
  orgId: string,
  userId: string,
): Promise<{ hits: number; ms: number }> {
  const once = () => readTenant(deps.db, { orgId, userId }, (tx) => rows(tx, ZCount, l.lookup(orgId)));
  for (let i = 0; i < WARM_RUNS; i++) await once();
  const times: number[] = [];
  let hits = 0;
  for (let i = 0; i < CLUB_SEARCH_RUNS; i++) {
    const t = performance.now();
    const [row] = await once();
    times.push(performance.now() - t);
    hits = row?.n ?? 0;
  }
  return { hits, ms: median(times) };
}

/** Each search's lookup for the large organization and for small clubs holding the same term. */
export async function measureClubSearches(deps: TDeps, largeOrgId: string): Promise<TClubSearch[]> {
  const out: TClubSearch[] = [];
  for (const l of LOOKUPS) {
    const holders = await withPlatform(deps.db, deps.log, 'bench club searches', (tx) =>
      rows(
        tx,
        ZHolder,
        sql`SELECT h.org_id, h.n, o.created_by AS user_id FROM (${l.holders}) h
            JOIN organization o ON o.id = h.org_id ORDER BY h.org_id`,
      ),
    );
    const large = holders.find((h) => h.org_id === largeOrgId);
    if (!large) continue;
    const small = holders.filter((h) => h.org_id !== largeOrgId).slice(0, SMALL_CLUBS);
    const smallTimes: { hits: number; ms: number }[] = [];
    for (const h of small) smallTimes.push(await timeLookup(deps, l, h.org_id, h.user_id));
    out.push({
      label: l.label,
      large: await timeLookup(deps, l, large.org_id, large.user_id),
      small: smallTimes.length
        ? {
            clubs: smallTimes.length,
            hits: median(smallTimes.map((t) => t.hits)),
            ms: median(smallTimes.map((t) => t.ms)),
          }
        : null,
    });
  }
  return out;
}
