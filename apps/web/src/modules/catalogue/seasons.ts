import { nextSeasonLabel } from '@pennant/shared/catalogue/rules';
import { DEFAULT_SEASON_LABEL } from '@pennant/shared/organization/season';
import { useSession } from '@/lib/session';

export interface TSeasonOption {
  value: string;
  label: string;
}

/**
 * The seasons a catalogue form offers: the organization's season, the next one, and the record's
 * own season when it is neither (so editing an older record keeps its season).
 */
export function seasonOptions(current: string, own?: string | null): TSeasonOption[] {
  const next = nextSeasonLabel(current);
  const options: TSeasonOption[] = [
    { value: current, label: `${current} (current)` },
    { value: next, label: `${next} (next)` },
  ];
  if (own && own !== current && own !== next) options.push({ value: own, label: own });
  return options;
}

/** The organization's season label (the catalogue's pages are only shown inside an organization). */
export function useCurrentSeason(): string {
  return useSession().org?.seasonLabel ?? DEFAULT_SEASON_LABEL;
}
