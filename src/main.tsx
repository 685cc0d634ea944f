// Boot: pick the language and load its catalog, then render. The title is the product name on every page (spec §2).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './theme/global.css.ts';
import { PRODUCT_NAME } from './contract.ts';
import { setupI18n } from './i18n/setup.ts';
import { App } from './app/App.tsx';

async function start(): Promise<void> {
  document.title = PRODUCT_NAME;
  await setupI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
