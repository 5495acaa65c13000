import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { createQueryClient, registerSessionCache } from '@portal/api-client';

/**
 * The query client of the routes below {@link QueryLayout}, in its own chunk: TanStack Query
 * reaches the browser with the first page that talks to the API. The client lives as long as
 * the layout stays mounted, and is the session's cache: a logout or another user's sign-in
 * drops it (@portal/auth).
 */
export default function QueryLayer() {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => registerSessionCache(() => queryClient.clear()), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
