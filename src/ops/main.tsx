// The operator console's boot: its language and catalog, then who is signed in, then the screens.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../theme/global.css.ts';
import { PRODUCT_NAME } from '../contract.ts';
import { setupOpsI18n } from './i18n.ts';
import { OpsApp } from './OpsApp.tsx';

async function start(): Promise<void> {
  document.title = `${PRODUCT_NAME} console`;
  await setupOpsI18n();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from ops.html');
  createRoot(container).render(
    <StrictMode>
      <OpsApp />
    </StrictMode>,
  );
}

void start();
