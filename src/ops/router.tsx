// The console's routes (TanStack Router, as the app). The app's router is the one registered with TanStack's types,
// so the console's links and navigation go through `go`/`OpsLink` (plain paths) and each route hands its params and
// search to its page as props. Every page is its own chunk.
import { lazy, Suspense, type AnchorHTMLAttributes, type ComponentType, type ReactNode } from 'react';
import { createRootRoute, createRoute, createRouter, Navigate, Outlet, useRouterState } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { parseSearchString, stringifySearchObject } from '../app/search.ts';
import { basePath, homePath, NAV } from './nav.ts';
import { useMe } from './state.ts';
import { Shell } from './Shell.tsx';

function page<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Lazy = lazy(load);
  return function Page(props: P) {
    return (
      <Suspense fallback={<Pending />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

function Pending() {
  const { _ } = useLingui();
  return <p style={{ padding: 24 }}>{_('ops.loading')}</p>;
}

const UsersPage = page(() => import('./pages/UsersPage.tsx'));
const UserDetailPage = page(() => import('./pages/UserDetailPage.tsx'));
const KycPage = page(() => import('./pages/KycPage.tsx'));
const WithdrawalsPage = page(() => import('./pages/WithdrawalsPage.tsx'));
const ApprovalsPage = page(() => import('./pages/ApprovalsPage.tsx'));
const ThresholdsPage = page(() => import('./pages/ThresholdsPage.tsx'));
const SettingsPage = page(() => import('./pages/SettingsPage.tsx'));
const MarketsPage = page(() => import('./pages/MarketsPage.tsx'));
const PerpPage = page(() => import('./pages/PerpPage.tsx'));
const SecondsPage = page(() => import('./pages/SecondsPage.tsx'));
const EarnPage = page(() => import('./pages/EarnPage.tsx'));
const RatesPage = page(() => import('./pages/RatesPage.tsx'));
const ContentPage = page(() => import('./pages/ContentPage.tsx'));
const ContentEditorPage = page(() => import('./pages/ContentEditorPage.tsx'));
const FeedbackPage = page(() => import('./pages/FeedbackPage.tsx'));
const AuditPage = page(() => import('./pages/AuditPage.tsx'));
const HealthPage = page(() => import('./pages/HealthPage.tsx'));

function Home() {
  const me = useMe();
  return <Navigate to={homePath(me?.capabilities ?? []) as never} replace />;
}

/**
 * A screen the operator's role can't use (an address typed or kept from another role): said plainly instead of a
 * screen whose every read the server refuses. The server checks each request anyway; this is only what is shown.
 */
function Allowed({ path, children }: { path: string; children: ReactNode }) {
  const { _ } = useLingui();
  const me = useMe();
  const item = NAV.find((n) => n.path === `/${path.split('/')[0]}`);
  if (item !== undefined && !item.needs.some((c) => me?.capabilities.includes(c))) {
    return (
      <p style={{ padding: 24 }} role="alert" data-testid="ops-forbidden">
        {_('ops.forbiddenScreen')}
      </p>
    );
  }
  return <>{children}</>;
}

function NotFound() {
  const { _ } = useLingui();
  return <p style={{ padding: 24 }}>{_('ops.notFound')}</p>;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const whole = (v: unknown, fallback: number): number => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n >= 1 ? n : fallback;
};

const root = createRootRoute({
  component: () => (
    <Shell>
      <Outlet />
    </Shell>
  ),
  notFoundComponent: NotFound,
});
const under = () => root;
const index = createRoute({ getParentRoute: under, path: '/', component: Home });
// The dev server serves the console as /ops.html (the console's listener serves it at every path).
const devPage = createRoute({ getParentRoute: under, path: 'ops.html', component: Home });
const users = createRoute({
  getParentRoute: under,
  path: 'users',
  validateSearch: (s: Record<string, unknown>) => ({ q: text(s.q), page: whole(s.page, 1) }),
  component: function UsersRoute() {
    // Checked by validateSearch above; typed `never` here because the app's router is the registered one.
    const search = users.useSearch() as unknown as { q: string; page: number };
    return (
      <Allowed path="users">
        <UsersPage q={search.q} page={search.page} />
      </Allowed>
    );
  },
});
const userDetail = createRoute({
  getParentRoute: under,
  path: 'users/$id',
  component: function UserRoute() {
    const { id } = userDetail.useParams();
    return (
      <Allowed path="users">
        <UserDetailPage key={id} id={Number(id)} />
      </Allowed>
    );
  },
});
const simple = (path: string, Component: ComponentType) =>
  createRoute({
    getParentRoute: under,
    path,
    component: () => (
      <Allowed path={path}>
        <Component />
      </Allowed>
    ),
  });
const content = simple('content', ContentPage);
const contentEditor = createRoute({
  getParentRoute: under,
  path: 'content/$id',
  component: function ContentRoute() {
    const { id } = contentEditor.useParams();
    return (
      <Allowed path="content">
        <ContentEditorPage key={id} id={id === 'new' ? null : Number(id)} />
      </Allowed>
    );
  },
});

const routeTree = root.addChildren([
  index,
  devPage,
  users,
  userDetail,
  simple('kyc', KycPage),
  simple('withdrawals', WithdrawalsPage),
  simple('approvals', ApprovalsPage),
  simple('thresholds', ThresholdsPage),
  simple('markets', MarketsPage),
  simple('perp', PerpPage),
  simple('seconds', SecondsPage),
  simple('earn', EarnPage),
  simple('rates', RatesPage),
  content,
  contentEditor,
  simple('feedback', FeedbackPage),
  simple('settings', SettingsPage),
  simple('audit', AuditPage),
  simple('health', HealthPage),
]);

export const opsRouter = createRouter({
  routeTree,
  basepath: basePath(typeof window === 'undefined' ? '/' : window.location.pathname),
  parseSearch: parseSearchString,
  stringifySearch: stringifySearchObject,
  scrollRestoration: false,
});

/** Goes to a console path (without the base path), with its search. */
export function go(to: string, search?: Record<string, string | number | undefined>): void {
  void opsRouter.navigate({ to: to as never, search: (search ?? {}) as never });
}

/** The current path inside the console (without the base path). */
export function useOpsPath(): string {
  return useRouterState({ select: (s) => s.location.pathname });
}

export function hrefOf(to: string, search?: Record<string, string | number | undefined>): string {
  const base = opsRouter.basepath === '/' ? '' : opsRouter.basepath;
  return `${base}${to}${stringifySearchObject(search ?? {})}`;
}

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  search?: Record<string, string | number | undefined>;
  children: ReactNode;
}

/** A link inside the console: a real href (new tab works), a client-side navigation on a plain click. */
export function OpsLink({ to, search, children, onClick, ...rest }: LinkProps) {
  return (
    <a
      {...rest}
      href={hrefOf(to, search)}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        go(to, search);
      }}
    >
      {children}
    </a>
  );
}
