import { useLingui } from '@lingui/react';
import { Button } from '../../ui/Button.tsx';
import { codeButton } from './auth.css.ts';

export function SendCodeButton({ remaining, disabled, onClick }: { remaining: number; disabled: boolean; onClick(): void }) {
  const { _ } = useLingui();
  return (
    <Button variant="secondary" className={codeButton} data-testid="send-code" disabled={disabled} onClick={onClick}>
      {remaining > 0 ? _('auth.code.resendIn', { seconds: remaining }) : _('auth.code.send')}
    </Button>
  );
}
