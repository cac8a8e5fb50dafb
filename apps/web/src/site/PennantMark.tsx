interface PennantMarkProps {
  className?: string;
}

/** The Pennant logo mark: a flag pole with an amber pennant on a brand-blue tile. */
export function PennantMark({ className = 'size-8' }: PennantMarkProps) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="8" fill="#2563eb" />
      <rect x="8" y="6" width="2.5" height="21" rx="1.25" fill="#ffffff" />
      <path d="M10.5 7.5 25 12.5 10.5 17.5Z" fill="#fbbf24" />
      <path d="M10.5 7.5 25 12.5 10.5 12.5Z" fill="#fcd34d" />
    </svg>
  );
}

/** Mark plus wordmark, linking home. */
export function PennantLogo({ inverted = false }: { inverted?: boolean }) {
  return (
    <a
      href="/"
      className={`inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight ${
        inverted ? 'text-white' : 'text-slate-900'
      }`}
    >
      <PennantMark />
      <span>Pennant</span>
    </a>
  );
}
