import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router-dom';
import { queryClient } from '../lib/query-client';
import { router } from './router';

// Off the first screen: the toasts' region (Radix Toast) is a chunk of its own, fetched as the app starts. A toast
// raised before it arrives waits in the store (use-toast.ts) and shows once it is there.
const Toaster = lazy(() => import('../components/ui/toaster').then((module) => ({ default: module.Toaster })));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
