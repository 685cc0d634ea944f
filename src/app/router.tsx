import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routes.tsx';
import { parseSearchString, stringifySearchObject } from './search.ts';
import { RouteError, RoutePending } from './RouteStates.tsx';

export const router = createRouter({
  routeTree,
  parseSearch: parseSearchString,
  stringifySearch: stringifySearchObject,
  // Page chunks start loading when a link is hovered or focused.
  defaultPreload: 'intent',
  defaultPendingComponent: RoutePending,
  defaultErrorComponent: RouteError,
  // Spec §2: every navigation scrolls to the top (the router resets the scroll on each navigation; restoring old
  // positions on back/forward stays off).
  scrollRestoration: false,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
