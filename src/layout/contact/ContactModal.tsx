// Customer-service contacts (spec §2): each value is fetched by key and copied on click; unset values say so.
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import { SYSTEM_CONFIG_KEYS, type SystemConfigKey } from '../../contract.ts';
import { fetchConfigValue } from '../../api/config.ts';
import { closeContact, pushNotice } from '../../state/index.ts';
import { copyText } from '../../ui/clipboard.ts';
import { Modal } from '../../ui/Modal.tsx';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import * as s from './contact.css.ts';

const LABELS: Readonly<Record<SystemConfigKey, { labelId: string }>> = {
  online_service: { labelId: 'contact.onlineService' },
  custom_line: { labelId: 'contact.line' },
  custom_whatsapp: { labelId: 'contact.whatsapp' },
};

/** undefined while loading, null when the operator has not set it. */
type Value = string | null | undefined;

export function ContactModal() {
  const { _ } = useLingui();
  const [values, setValues] = useState<Partial<Record<SystemConfigKey, Value>>>({});

  useEffect(() => {
    const controller = new AbortController();
    for (const key of SYSTEM_CONFIG_KEYS) {
      fetchConfigValue(key, { signal: controller.signal })
        .then((value) => setValues((v) => ({ ...v, [key]: value })))
        .catch(() => {
          if (!controller.signal.aborted) setValues((v) => ({ ...v, [key]: null }));
        });
    }
    return () => controller.abort();
  }, []);

  async function copy(value: Value) {
    if (!value) {
      pushNotice('info', _('contact.notSet'));
      return;
    }
    const ok = await copyText(value);
    pushNotice(ok ? 'success' : 'error', ok ? _('common.copied') : _('common.copyFailed'));
  }

  return (
    <Modal
      testId="contact-modal"
      title={_('contact.title')}
      onClose={closeContact}
      actions={
        <Button variant="secondary" data-testid="contact-cancel" onClick={closeContact}>
          {_('common.cancel')}
        </Button>
      }
    >
      <p className={s.label}>{_('contact.hint')}</p>
      <div className={s.list}>
        {SYSTEM_CONFIG_KEYS.map((key) => {
          const value = values[key];
          return (
            <button key={key} type="button" className={s.row} data-testid={`contact-copy-${key}`} onClick={() => void copy(value)}>
              <span className={s.text}>
                <span className={s.label}>{_(LABELS[key].labelId)}</span>
                {value === undefined ? (
                  <span className={s.unset}>{_('common.loading')}</span>
                ) : value === null ? (
                  <span className={s.unset}>{_('contact.notSet')}</span>
                ) : (
                  <span className={s.value}>{value}</span>
                )}
              </span>
              <span className={s.copyMark}>
                <Icon name="copy" />
              </span>
            </button>
          );
        })}
      </div>
    </Modal>
  );
}
