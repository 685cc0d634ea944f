// The shared layout of every route (spec §2): header, the page, footer, and the app-wide overlays.
import { Outlet } from '@tanstack/react-router';
import { Header } from './header/Header.tsx';
import { Footer } from './footer/Footer.tsx';
import { ContactModalHost } from './contact/ContactModalHost.tsx';
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
      <ContactModalHost />
      <NoticeHost />
      <SessionExpiredAlert />
    </>
  );
}
