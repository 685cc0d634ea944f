import { lazy, Suspense } from 'react';
import { useContactOpen } from '../../state/index.ts';

// The modal's code loads the first time someone opens it, keeping it out of the initial bundle.
const ContactModal = lazy(() => import('./ContactModal.tsx').then((m) => ({ default: m.ContactModal })));

export function ContactModalHost() {
  const open = useContactOpen();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ContactModal />
    </Suspense>
  );
}
