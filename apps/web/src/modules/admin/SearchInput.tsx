import { Search } from 'lucide-react';
import { Input } from '@/components/ui/Field';
import { cn } from '@/lib/cn';

interface TSearchInputProps {
  value: string;
  onChange: (value: string) => void;
  /** The box's accessible name and placeholder. */
  label: string;
  className?: string;
}

/**
 * The admin lists' search box. It shows every keystroke at once; the page debounces what it
 * sends (useDebouncedValue), so the list follows 300 ms after the last key.
 */
export function SearchInput({ value, onChange, label, className }: TSearchInputProps) {
  return (
    <div className={cn('relative w-full sm:max-w-sm', className)}>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="pl-9"
      />
    </div>
  );
}
