// Any path outside the spec's table (spec §2).
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { buttonClass } from '../ui/Button.tsx';
import { prompt } from '../ui/page.css.ts';

export function NotFoundPage() {
  const { _ } = useLingui();
  return (
    <section className={prompt} data-testid="not-found">
      <h1>{_('notFound.title')}</h1>
      <p>{_('notFound.text')}</p>
      <Link to="/" className={buttonClass('primary')}>
        {_('notFound.home')}
      </Link>
    </section>
  );
}
