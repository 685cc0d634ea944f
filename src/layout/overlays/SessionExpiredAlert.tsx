// One alert when the session has expired; its only way out is Re-login, which reloads at /login.
import { useLingui } from '@lingui/react';
import { useSessionExpired } from '../../state/index.ts';
import { relogin } from '../../session/actions.ts';
import { Modal } from '../../ui/Modal.tsx';
import { Button } from '../../ui/Button.tsx';
import { alertText } from './overlays.css.ts';

export function SessionExpiredAlert() {
  const { _ } = useLingui();
  const expired = useSessionExpired();
  if (!expired) return null;
  return (
    <Modal
      role="alertdialog"
      testId="session-expired"
      title={_('session.expired.title')}
      actions={
        <Button data-testid="relogin" onClick={relogin} autoFocus>
          {_('session.expired.relogin')}
        </Button>
      }
    >
      <p className={alertText}>{_('session.expired.text')}</p>
    </Modal>
  );
}
