import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/Button';
import { NotFound } from './NotFound';

/** The router's error boundary: any render or loader failure lands here. */
export function ErrorScreen() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <main
      role="alert"
      className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 p-6 text-center"
    >
      <h1 className="text-2xl font-semibold text-slate-900">Something went wrong</h1>
      <p className="max-w-md text-slate-600">An unexpected error stopped this page. Your data is safe.</p>
      <Button onClick={() => window.location.reload()}>Try Again</Button>
    </main>
  );
}
