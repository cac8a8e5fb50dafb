import { centsToDollarInput, dollarsToCents } from '@pennant/shared/money';
import { forwardRef, type InputHTMLAttributes, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './Field';

type TNativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'defaultValue'>;

export interface TMoneyInputProps extends TNativeProps {
  /** Whole cents; null for blank. NaN while what is typed is not a number. */
  value: number | null | undefined;
  onValueChange: (cents: number | null) => void;
}

/**
 * Dollars typed, cents held: the box shows what the person types ('12.5'), the form gets whole
 * cents (1250) through `dollarsToCents`, and leaving the box shows it with 2 decimals.
 */
export const MoneyInput = forwardRef<HTMLInputElement, TMoneyInputProps>(function MoneyInput(
  { value, onValueChange, onBlur, className, ...props },
  ref,
) {
  const [text, setText] = useState(() => (value === undefined || Number.isNaN(value) ? '' : centsToDollarInput(value)));
  // What this box last reported, so a value set from outside (a reset) replaces the text and
  // the value the box itself reported does not.
  const reported = useRef<number | null>(value ?? null);
  useEffect(() => {
    const next = value ?? null;
    if (Object.is(next, reported.current)) return;
    reported.current = next;
    setText(next === null || Number.isNaN(next) ? '' : centsToDollarInput(next));
  }, [value]);

  return (
    <div className="relative">
      <span aria-hidden className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-slate-500">
        $
      </span>
      <Input
        ref={ref}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        {...props}
        className={cn('pl-7', className)}
        value={text}
        onChange={(e) => {
          const cents = dollarsToCents(e.target.value);
          setText(e.target.value);
          reported.current = cents;
          onValueChange(cents);
        }}
        onBlur={(e) => {
          const cents = dollarsToCents(text);
          if (cents !== null && Number.isFinite(cents)) setText(centsToDollarInput(cents));
          onBlur?.(e);
        }}
      />
    </div>
  );
});
