import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CSSProperties } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { ApiError } from '@/lib/api';
import { useMediaQuery } from '@/lib/useMediaQuery';
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

/**
 * Toasts use the app's font, and text colours darker than sonner's rich colours, whose success
 * and error text on their pale backgrounds were 4.2–4.3:1 (WCAG AA asks 4.5:1): Tailwind's
 * green-800, red-700, amber-800 and blue-700, all above 6:1 on them.
 */
const TOAST_STYLE: CSSProperties & Record<`--${string}`, string> = {
  fontFamily: 'inherit',
  '--success-text': '#016630',
  '--error-text': '#c10007',
  '--warning-text': '#973c00',
  '--info-text': '#1447e6',
};

/**
 * Where toasts appear. On a wide screen, top centre under the header: clear of a dialog's close
 * button (dialogs are wider than a toast, and the button sits in the dialog's corner) and of the
 * action buttons at the right end of table rows. On a phone, where a toast spans the width,
 * bottom centre: dialogs keep 6rem clear of the bottom edge.
 */
function ToastArea() {
  const wide = useMediaQuery('(min-width: 640px)');
  return (
    <Toaster
      position={wide ? 'top-center' : 'bottom-center'}
      offset={wide ? 72 : 16}
      richColors
      closeButton
      style={TOAST_STYLE}
    />
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastArea />
    </QueryClientProvider>
  );
}
