import { Check } from 'lucide-react';
import { Checkbox as C } from 'radix-ui';
import { cn } from '@/lib/cn';

interface TCheckboxProps {
  id?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  'aria-label'?: string;
  className?: string;
}

export function Checkbox({ className, onCheckedChange, ...props }: TCheckboxProps) {
  return (
    <C.Root
      {...props}
      onCheckedChange={(v) => onCheckedChange(v === true)}
      className={cn(
        'flex h-5 w-5 shrink-0 items-center justify-center rounded border border-slate-400 bg-white',
        'data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600 disabled:opacity-60',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        className,
      )}
    >
      <C.Indicator>
        <Check className="h-3.5 w-3.5 text-white" strokeWidth={3} />
      </C.Indicator>
    </C.Root>
  );
}
