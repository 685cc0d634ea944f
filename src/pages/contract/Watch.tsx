// A renderless subscriber: it reads a hot source (positions and the account move with every mark tick) through
// `read`, a hook, and tells its parent only when the text derived from it changes, so the parent re-renders for
// that and not for every tick. The first value is the baseline the parent loaded with, not a change.
import { useEffect, useRef } from 'react';

export function Watch({ read, onChange }: { read: () => string; onChange(value: string): void }) {
  const value = read();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    onChange(value);
  }, [value]);
  return null;
}
