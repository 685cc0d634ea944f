// The toast stack. Each notice removes itself after NOTICE_DURATION_MS (see state/notices.ts).
import { useNotices } from '../../state/index.ts';
import { notice, stack } from './overlays.css.ts';

export function NoticeHost() {
  const notices = useNotices();
  if (notices.length === 0) return null;
  return (
    <div className={stack}>
      {notices.map((n) => (
        <div key={n.id} className={notice[n.kind]} role={n.kind === 'error' ? 'alert' : 'status'} data-testid="notice" data-kind={n.kind}>
          {n.text}
        </div>
      ))}
    </div>
  );
}
