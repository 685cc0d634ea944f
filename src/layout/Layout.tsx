// The shared layout of every route (spec §2): header, the page, footer, and the app-wide overlays (the dialogs the
// pages open, then the contact dialog, the notices and the session alert, which go over them).
import { Outlet } from '@tanstack/react-router';
import { Header } from './header/Header.tsx';
import { Footer } from './footer/Footer.tsx';
import { ContactModalHost } from './contact/ContactModalHost.tsx';
import { DialogHost } from './overlays/DialogHost.tsx';
import { NoticeHost } from './overlays/NoticeHost.tsx';
import { SessionExpiredAlert } from './overlays/SessionExpiredAlert.tsx';
import { SessionSync } from './SessionSync.tsx';
import { StreamsHost } from './StreamsHost.tsx';
import { main } from './layout.css.ts';

export function Layout() {
  return (
    <>
      <SessionSync />
      <StreamsHost />
      <Header />
      <main className={main}>
        <Outlet />
      </main>
      <Footer />
      <DialogHost />
      <ContactModalHost />
      <NoticeHost />
      <SessionExpiredAlert />
    </>
  );
}
