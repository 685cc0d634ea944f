// The history row's proof: downloads the market's public record around the contract and the public settlement
// data, checks the hash chain and recomputes the settlement with the server's own module (proof.ts), and shows what
// was checked: entries, settlements, mismatches (expected 0), the acceptance time, and the open entry (the record's
// first after it) and settle entry with their hashes; for a refunded contract, that the record had none in time.
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import { SECONDS_OPEN_WAIT_MS, type PriceRecordEntry, type SecondsContractItem } from '../../contract.ts';
import { fetchPriceRecordRange, fetchSettlements } from '../../api/seconds.ts';
import { formatDateTime } from '../../format/date.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { pairName } from '../quotation/market-rows.ts';
import { proveSettlement, type ProofResult, type ProofSources } from './proof.ts';
import * as s from '../spot/spot.css.ts';
import * as c from './seconds.css.ts';

const sources: ProofSources = {
  range: (market, from, to, signal) => fetchPriceRecordRange(market, from, to, { signal, notify: false }),
  settlements: (from, to, signal) => fetchSettlements(from, to, { signal, notify: false }),
};

type State = { kind: 'running' } | { kind: 'done'; result: ProofResult } | { kind: 'failed' };

function Entry({ label, entry, testId }: { label: string; entry: PriceRecordEntry | null; testId: string }) {
  const { _ } = useLingui();
  return (
    <>
      <span className={s.muted}>{label}</span>
      <span data-testid={testId} data-seq={entry?.seq}>
        {entry ? (
          <>
            <span className={s.mono}>{_('seconds.proof.entry', { seq: entry.seq, time: formatDateTime(entry.ts), price: entry.price })}</span>
            <span className={c.hash}>
              {_('seconds.proof.hash')}: {entry.hash}
            </span>
          </>
        ) : (
          '--'
        )}
      </span>
    </>
  );
}

export function ProofDialog({ contract, onClose }: { contract: SecondsContractItem; onClose(): void }) {
  const { _ } = useLingui();
  const [state, setState] = useState<State>({ kind: 'running' });
  useEffect(() => {
    const controller = new AbortController();
    proveSettlement(contract, sources, controller.signal).then(
      (result) => !controller.signal.aborted && setState({ kind: 'done', result }),
      () => !controller.signal.aborted && setState({ kind: 'failed' }),
    );
    return () => controller.abort();
  }, [contract]);

  return (
    <Modal
      title={`${_('seconds.proof.title')} · ${pairName(contract.market)}`}
      testId="seconds-proof-dialog"
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose} data-testid="seconds-proof-close">
          {_('seconds.proof.close')}
        </Button>
      }
    >
      {state.kind === 'running' ? <p className={s.muted}>{_('seconds.proof.running')}</p> : null}
      {state.kind === 'failed' ? <p className={c.bad}>{_('seconds.proof.error')}</p> : null}
      {state.kind === 'done' ? (
        <div data-testid="seconds-proof-result" data-mismatches={state.result.mismatches.length} data-entries={state.result.entries}>
          <p className={state.result.mismatches.length === 0 ? c.ok : c.bad} data-testid="seconds-proof-verdict">
            {state.result.mismatches.length > 0
              ? _('seconds.proof.failed')
              : contract.status === 'refunded'
                ? _('seconds.proof.refunded', { seconds: SECONDS_OPEN_WAIT_MS / 1000 })
                : _('seconds.proof.ok')}
          </p>
          <div className={c.proofGrid}>
            <span className={s.muted}>{_('seconds.proof.entries')}</span>
            <span className={s.mono} data-testid="seconds-proof-entries">
              {state.result.entries}
            </span>
            <span className={s.muted}>{_('seconds.proof.contracts')}</span>
            <span className={s.mono}>{state.result.contracts}</span>
            <span className={s.muted}>{_('seconds.proof.mismatches')}</span>
            <span className={`${s.mono} ${state.result.mismatches.length === 0 ? c.ok : c.bad}`} data-testid="seconds-proof-mismatches">
              {state.result.mismatches.length}
            </span>
            <span className={s.muted}>{_('seconds.proof.accepted')}</span>
            <span className={s.mono} data-testid="seconds-proof-accepted">
              {formatDateTime(contract.acceptedTs)}
            </span>
            <Entry label={_(contract.acceptedTs === null ? 'seconds.proof.open' : 'seconds.proof.openAfter')} entry={state.result.open} testId="seconds-proof-open" />
            <Entry label={_('seconds.proof.settle')} entry={state.result.settle} testId="seconds-proof-settle" />
          </div>
          {state.result.mismatches.length > 0 ? (
            <ul className={c.hash}>
              {state.result.mismatches.slice(0, 20).map((m, i) => (
                <li key={i}>{m.what}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
