import type { LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/cn';
import { seasonOptions } from './seasons';

/** A row's icon button, named for what it does to which record ('Edit Game Day Package'). */
export function IconAction({
  label,
  title,
  icon: Icon,
  onClick,
  danger,
  disabled,
}: {
  label: string;
  title: string;
  icon: LucideIcon;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('h-8 w-8', danger && 'text-red-700 hover:bg-red-50')}
      aria-label={label}
      title={title}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon className="h-4 w-4" />
    </Button>
  );
}

/** A drawer's footer: Cancel, and the submit button of the drawer's form (it sits outside the form). */
export function DrawerButtons({
  formId,
  busy,
  disabled,
  submitLabel,
  onCancel,
}: {
  formId: string;
  busy: boolean;
  disabled: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" form={formId} disabled={disabled}>
        {busy ? 'Saving...' : submitLabel}
      </Button>
    </>
  );
}

/** The <option>s of a season select: the current season, the next, and the record's own. */
export function SeasonOptions({ current, own }: { current: string; own?: string | null }) {
  return (
    <>
      {seasonOptions(current, own).map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}
