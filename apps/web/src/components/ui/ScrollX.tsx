import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

interface TScrollXProps {
  /** The name the box has while it scrolls (a region keyboards can reach). */
  label: string;
  className?: string;
  children: ReactNode;
}

/**
 * A box whose content scrolls sideways when it is wider (a wide table). While the content
 * overflows, the box is a named region in the tab order, so a keyboard can scroll it (WCAG 2.1.1;
 * a table of plain text has nothing else to focus); when everything fits it adds no tab stop.
 */
export function ScrollX({ label, className, children }: TScrollXProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflows(box.scrollWidth > box.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      className={cn('overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600', className)}
      {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      {children}
    </div>
  );
}
