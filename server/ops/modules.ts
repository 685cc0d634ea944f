// More route modules of the console (the content area's: content-routes.ts), registered by buildOpsApp after its
// own routes against the same session check and role guard (context.ts OpsRouteDeps). Add a module here.
import type { OpsRouteModule } from './app.ts';
import { opsContentRoutes } from './content-routes.ts';

export const OPS_ROUTE_MODULES: readonly OpsRouteModule[] = [opsContentRoutes];
