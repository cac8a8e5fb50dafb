import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { ApiError } from '@/lib/api';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Spec §9: data is stale after 5 minutes by default.
      staleTime: 5 * 60_000,
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* Bottom right: a dialog's close button sits in its top corner (in the top half of the
          screen however tall the dialog is), so a toast never covers it. The toasts take the app's
          font instead of Sonner's own stack. */}
      <Toaster position="bottom-right" richColors closeButton style={{ fontFamily: 'inherit' }} />
    </QueryClientProvider>
  );
}
