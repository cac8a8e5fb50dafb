import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { Card } from './Card';

/** Something could not be loaded: what went wrong, and a way to try again. */
export function ErrorState({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  return (
    <Card className="flex flex-col items-start gap-3 p-6" role="alert">
      <p className="text-sm font-medium text-red-700">{children}</p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw className="h-4 w-4" aria-hidden /> Try Again
        </Button>
      ) : null}
    </Card>
  );
}
