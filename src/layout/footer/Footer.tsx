// Footer (spec §2): about, download, the three legal pages, a contact e-mail and customer service.
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { PRODUCT_NAME } from '../../contract.ts';
import { openContact } from '../../state/index.ts';
import { CONTACT_EMAIL } from '../../app/config.ts';
import * as s from './footer.css.ts';

const COMPANY_LINKS = [
  { to: '/about', labelId: 'footer.about' },
  { to: '/down', labelId: 'footer.download' },
  { to: '/rateStandard', labelId: 'footer.rateStandard' },
  { to: '/helpCenter', labelId: 'footer.help' },
] as const;

const LEGAL_LINKS = [
  { to: '/userAgreement', labelId: 'footer.userAgreement' },
  { to: '/privacyPolicy', labelId: 'footer.privacyPolicy' },
  { to: '/legalStatement', labelId: 'footer.legalStatement' },
] as const;

export function Footer() {
  const { _ } = useLingui();
  return (
    <footer className={s.footer}>
      <div className={s.inner}>
        <div className={s.brand}>
          <span className={s.brandName}>{PRODUCT_NAME}</span>
          <span>{_('footer.tagline')}</span>
        </div>
        <div className={s.columns}>
          <nav className={s.column} aria-label={_('footer.company')}>
            <span className={s.heading}>{_('footer.company')}</span>
            {COMPANY_LINKS.map((item) => (
              <Link key={item.to} to={item.to} className={s.link}>
                {_(item.labelId)}
              </Link>
            ))}
          </nav>
          <nav className={s.column} aria-label={_('footer.legal')}>
            <span className={s.heading}>{_('footer.legal')}</span>
            {LEGAL_LINKS.map((item) => (
              <Link key={item.to} to={item.to} className={s.link}>
                {_(item.labelId)}
              </Link>
            ))}
          </nav>
          <div className={s.column}>
            <span className={s.heading}>{_('footer.contact')}</span>
            <a className={s.link} href={`mailto:${CONTACT_EMAIL}`}>
              {CONTACT_EMAIL}
            </a>
            <button type="button" className={s.link} data-testid="contact-open-footer" onClick={openContact}>
              {_('footer.customerService')}
            </button>
            <Link to="/feedback" className={s.link}>
              {_('footer.feedback')}
            </Link>
          </div>
        </div>
      </div>
      <div className={s.bottom}>{_('footer.copyright', { year: new Date().getFullYear(), name: PRODUCT_NAME })}</div>
    </footer>
  );
}
