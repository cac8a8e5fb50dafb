import type { TBundle, TProduct } from '@pennant/shared/catalogue/schemas';
import type { TQuoteDetail, TQuoteSummary } from '@pennant/shared/quotes/schemas';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

export const COMPANY_ID = '0b6d1f2c-4a55-4c1e-9a1d-3f1b2c3d4e5f';

export const product = (over: Partial<TProduct>): TProduct => ({
  id: '7a1c0000-0000-4000-8000-000000000001',
  name: 'Outfield Banner',
  masterTypeId: null,
  adTypeLabel: 'Banner',
  adTypeIsCustom: false,
  recurringPriceCents: 50_000,
  setupFeeCents: 7_500,
  shareType: 'none',
  shareValue: 0,
  isLimited: false,
  locationText: null,
  seasonLabel: '2026',
  updatedAt: '2026-01-05T10:00:00.000Z',
  hasActiveQuotes: false,
  ...over,
});
/** $500 a year plus a $75 setup fee. */
export const BANNER = product({});
/** $300 a year, no setup fee. */
export const SHOUTOUT = product({
  id: '7a1c0000-0000-4000-8000-000000000002',
  name: 'PA Shout-Out',
  recurringPriceCents: 30_000,
  setupFeeCents: null,
});
/** $720 for two banners (2 × $75 setup) and a shout-out. */
export const GAME_DAY: TBundle = {
  id: '7a1c0000-0000-4000-8000-0000000000b1',
  name: 'Game Day Package',
  seasonLabel: '2026',
  packagePriceCents: 72_000,
  items: [
    { productId: BANNER.id, productName: BANNER.name, qty: 2, recurringPriceCents: 50_000, setupFeeCents: 7_500 },
    { productId: SHOUTOUT.id, productName: SHOUTOUT.name, qty: 1, recurringPriceCents: 30_000, setupFeeCents: null },
  ],
  updatedAt: '2026-01-05T10:00:00.000Z',
};

export const summary = (over: Partial<TQuoteSummary>): TQuoteSummary => ({
  id: 'ab12cd34-0000-4000-8000-000000000001',
  status: 'sent',
  companyId: COMPANY_ID,
  companyName: 'Riverside Hardware',
  createdAt: '2026-03-02T15:00:00.000Z',
  sentAt: '2026-03-03T15:00:00.000Z',
  expiresAt: '2026-04-02T15:00:00.000Z',
  totalCents: 57_500,
  hasPdf: true,
  agreementId: null,
  ...over,
});

export const detail = (over: Partial<TQuoteDetail>): TQuoteDetail => ({
  ...summary({}),
  companyStatus: 'negotiating',
  lines: [],
  renewalCents: 50_000,
  notes: null,
  emailSubject: null,
  emailBody: null,
  recipientEmails: null,
  originPriceListId: null,
  acceptedAt: null,
  rejectedAt: null,
  expiredAt: null,
  archivedAt: null,
  ...over,
});

/** Where the router is: the path and query, for asserting navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The page at `path` inside a memory router, with the current location printed beside it. */
export function atRoute(path: string, ui: ReactNode) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {ui}
              <LocationProbe />
            </>
          }
        />
      </Routes>
    </MemoryRouter>
  );
}

/** A JSON reply as the server sends it. */
export const reply = (body: unknown, status = 200) => Response.json(body, { status });
