/** The signed-in part of the app: boots the session, then shows the basic layout. */
import { useQuery } from '@tanstack/react-query';
import { bootSession } from './boot.ts';
import { PageLoading } from './views-ui.tsx';
import { BasicLayout } from './BasicLayout.tsx';

export default function SignedIn() {
  const boot = useQuery({ queryKey: ['boot'], queryFn: bootSession, staleTime: Infinity, gcTime: Infinity, retry: false });
  if (!boot.data) return <PageLoading full />;
  return <BasicLayout />;
}
