// Route-level code splitting: each page is its own chunk, loaded when its route is first visited. A chunk that
// has not arrived after CHUNK_LOAD_TIMEOUT_MS fails, so the route shows its load error instead of waiting forever.
import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from './config.ts';

type PageModule<K extends string> = Record<K, () => ReactNode>;

function withTimeout<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('chunk load timeout')), CHUNK_LOAD_TIMEOUT_MS);
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}

/** A lazily loaded page: `lazyPage(() => import('../pages/x/XPage.tsx'), 'XPage')`. */
export function lazyPage<K extends string>(load: () => Promise<PageModule<K>>, name: K): RouteComponent {
  return lazyRouteComponent(withTimeout(load), name);
}
