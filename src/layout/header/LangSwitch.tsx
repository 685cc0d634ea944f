// The language menu: a choice is stored and the page reloads in that language (spec §4).
import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { LOCALES, LOCALE_NAMES, isLocale } from '../../contract.ts';
import { switchLocale } from '../../i18n/setup.ts';
import { Icon } from '../../ui/Icon.tsx';
import * as s from './header.css.ts';

export function LangSwitch() {
  const { _, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const current = isLocale(i18n.locale) ? i18n.locale : 'en';

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (wrap.current && event.target instanceof Node && !wrap.current.contains(event.target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className={s.dropWrap} ref={wrap}>
      <button
        type="button"
        className={s.iconButton}
        data-testid="lang-switch"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={_('nav.language')}
        title={_('nav.language')}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="globe" />
        <span className={s.triggerText}>{LOCALE_NAMES[current]}</span>
      </button>
      {open ? (
        <div className={`${s.dropPanel} ${s.panelOpen}`} role="listbox" aria-label={_('nav.language')}>
          {LOCALES.map((locale) => (
            <button
              key={locale}
              type="button"
              role="option"
              lang={locale}
              aria-selected={locale === current}
              aria-current={locale === current}
              className={s.panelItem}
              data-testid={`lang-option-${locale}`}
              onClick={() => (locale === current ? setOpen(false) : switchLocale(locale))}
            >
              {LOCALE_NAMES[locale]}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
