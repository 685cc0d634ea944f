// Spec §4: on every route but /login the user info is fetched again, so the header follows the real session.
import { useEffect } from 'react';
import { useLocation } from '@tanstack/react-router';
import { refreshUser } from '../session/actions.ts';

export function SessionSync() {
  const pathname = useLocation({ select: (location) => location.pathname });
  useEffect(() => {
    if (pathname !== '/login') void refreshUser();
  }, [pathname]);
  return null;
}
