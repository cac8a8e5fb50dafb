import type { TCampaignType, TMessagePerspective, TReminderSchedule } from '@pennant/shared/fundraising/schemas';

/**
 * The campaign dialog's form state (spec 002 §3 "Campaign form state"), kept in the browser as a
 * draft (recent for 24 hours). Contacts come from CSV import or manual entry; a contact's player is
 * an index into `players` (−1 unassigned or alumni).
 */
export interface TCsvContact {
  /** Stable id within the draft (for React keys and edits). */
  id: string;
  'Contact Name': string;
  'Contact Email': string;
  'Player Name': string;
  matchedPlayerIndex: number;
}

export interface TManualContact {
  id: string;
  playerIndex: number;
  name: string;
  email: string;
}

export interface TManualAlumniContact {
  id: string;
  name: string;
  email: string;
}

export interface TCampaignFormState {
  campaign_type: TCampaignType;
  name: string;
  /** Dollars as typed; stored as cents (×100, rounded). Blank: no goal. */
  goal_dollars: string;
  /** YYYY-MM-DD */
  starts_at: string;
  ends_at: string;
  message_perspective: TMessagePerspective;
  players: string[];
  playerInput: string;
  csvContacts: TCsvContact[];
  manualContacts: TManualContact[];
  manualAlumniContacts: TManualAlumniContact[];
  min_contacts_per_player: number;
  behalf_of_name: string;
  currentStep: number;
  /** ISO instant of the last draft save. */
  lastSaved: string | null;
  reminder_schedule: TReminderSchedule;
}

/** A contact step's props: the contact parts of the form and whether the campaign is sent (contacts locked). */
export interface TContactsStepProps {
  form: TCampaignFormState;
  onChange: (patch: Partial<TCampaignFormState>) => void;
  /** The campaign is sent: editing, CSV import and the tabs are disabled, with a banner (§4.1). */
  locked: boolean;
  /** Lower-cased addresses already sent the campaign e-mail: 'Email Sent' badge, cannot be removed. */
  sentEmails: ReadonlySet<string>;
}
