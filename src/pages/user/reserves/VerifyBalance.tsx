// "Verify my balance" (/myassets, issue 22; server/reserves/README.md): the user picks a published snapshot (the
// newest by default; the list is the public record, fetched on its own), downloads their proof, and the browser
// checks it with the server's own module (liabilities.verifyProof, WebCrypto): the leaf from the user's nonce and
// balances, every level of the path with each sibling's sums non-negative, the root, and the root against the
// record's entry. Each step shows passed, failed or not reached, in the user's language; the proof can be saved as
// JSON for `npm run verify -- liabilities`. Below, the on-chain reserves beside the liabilities' totals.
import { useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { isApiError } from '../../../api/index.ts';
import type { liabilities } from '../../../contract.ts';
import { formatDecimal } from '../../../format/decimal.ts';
import { formatDateTime } from '../../../format/date.ts';
import { Button } from '../../../ui/Button.tsx';
import { Note, Panel } from '../../../ui/Page.tsx';
import { useLoadable } from '../../../ui/useLoadable.ts';
import { minorText } from '../asset-values.ts';
import { checkProof, failureId, proofFileName, STEPS, type CheckOutcome, type StepName } from './check.ts';
import { ReservesTable } from './ReservesTable.tsx';
import { fetchProof, fetchSnapshots } from './reserves-api.ts';
import * as s from './reserves.css.ts';

/** Snapshots offered in the picker: the newest ones of the public record. */
const SNAPSHOTS = 30;

type State =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'refused'; message: string }
  | { kind: 'failed' }
  | { kind: 'done'; proof: Record<string, unknown>; entry: liabilities.LiabilitiesRecordEntry; outcome: CheckOutcome };

const MARK: Record<'ok' | 'failed' | 'skipped', string> = { ok: '✓', failed: '✗', skipped: '–' };
const STATE_LABEL: Record<'ok' | 'failed' | 'skipped', string> = { ok: 'reserves.state.ok', failed: 'reserves.state.failed', skipped: 'reserves.state.skipped' };

/** Minor units (decimal integer text) as coins, 8 places. */
const coins = (units: string | undefined): string => {
  if (units === undefined || !/^-?\d+$/.test(units)) return '--';
  return formatDecimal(minorText(BigInt(units)), 8);
};

function Amounts({ assets, values, testId }: { assets: readonly string[]; values: Record<string, string>; testId: string }) {
  return (
    <span className={s.amounts} data-testid={testId}>
      {assets.map((a) => (
        <span key={a} data-asset={a}>
          {coins(values[a])} {a}
        </span>
      ))}
    </span>
  );
}

function save(proof: Record<string, unknown>, snapshotId: number): void {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(proof, null, 2)}\n`], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = proofFileName(snapshotId);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function VerifyBalance() {
  const { _ } = useLingui();
  const snapshots = useLoadable((signal) => fetchSnapshots(SNAPSHOTS, { signal, notify: false }), []);
  const [chosen, setChosen] = useState<number | null>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const list = snapshots.status === 'success' ? snapshots.data : [];
  const entry = list.find((e) => e.snapshotId === chosen) ?? list[0];

  const verify = async () => {
    if (entry === undefined) return;
    setState({ kind: 'running' });
    try {
      const proof = await fetchProof(entry.snapshotId, { notify: false });
      setState({ kind: 'done', proof, entry, outcome: await checkProof(proof, entry) });
    } catch (error) {
      if (isApiError(error) && error.code.startsWith('reserves.')) setState({ kind: 'refused', message: error.msg });
      else setState({ kind: 'failed' });
    }
  };

  return (
    <Panel title={_('reserves.title')}>
      <div data-testid="reserves-panel">
        <Note>{_('reserves.lead')}</Note>
        {snapshots.status === 'error' ? <p className={s.bad}>{_('common.loadFailed')}</p> : null}
        {snapshots.status === 'success' && list.length === 0 ? (
          <p className={s.muted} data-testid="reserves-none">
            {_('reserves.none')}
          </p>
        ) : null}
        <div className={s.bar}>
          <label className={s.label}>
            {_('reserves.snapshot')}{' '}
            <select
              className={s.select}
              data-testid="reserves-snapshot"
              value={entry?.snapshotId ?? ''}
              disabled={list.length === 0}
              onChange={(e) => {
                setChosen(Number(e.target.value));
                setState({ kind: 'idle' });
              }}
            >
              {list.map((e) => (
                <option key={e.snapshotId} value={e.snapshotId}>
                  {_('reserves.snapshotOption', { id: e.snapshotId, time: formatDateTime(e.ts) })}
                </option>
              ))}
            </select>
          </label>
          <Button size="sm" data-testid="reserves-verify" disabled={entry === undefined || state.kind === 'running'} onClick={() => void verify()}>
            {_('reserves.verify')}
          </Button>
          {state.kind === 'done' ? (
            <Button size="sm" variant="secondary" data-testid="reserves-save" onClick={() => save(state.proof, state.entry.snapshotId)}>
              {_('reserves.save')}
            </Button>
          ) : null}
        </div>
        {state.kind === 'running' ? <p className={s.muted}>{_('reserves.running')}</p> : null}
        {state.kind === 'refused' ? (
          <p className={s.bad} data-testid="reserves-refused">
            {state.message}
          </p>
        ) : null}
        {state.kind === 'failed' ? <p className={s.bad}>{_('reserves.error')}</p> : null}
        {state.kind === 'done' ? <Steps proof={state.proof} entry={state.entry} outcome={state.outcome} /> : null}
        <Note>{_('reserves.note')}</Note>
        <ReservesTable />
      </div>
    </Panel>
  );
}

function Steps({ proof, entry, outcome }: { proof: Record<string, unknown>; entry: liabilities.LiabilitiesRecordEntry; outcome: CheckOutcome }) {
  const { _ } = useLingui();
  const r = outcome.result;
  // Shown only from a proof that passed its format check; otherwise the steps say so and no figures show.
  const p = outcome.states.download === 'ok' ? (proof as unknown as liabilities.LiabilitiesProof) : null;
  const body: Record<StepName, ReactNode> = {
    download: (
      <>
        <span>{_('reserves.step.download', { id: entry.snapshotId, time: formatDateTime(entry.ts) })}</span>
        {p ? <Amounts assets={p.assets} values={p.leaf.balances} testId="reserves-balances" /> : null}
      </>
    ),
    leaf: (
      <>
        <span>{_('reserves.step.leaf')}</span>
        {r.ok ? <span className={s.hash} data-testid="reserves-leaf-hash">{r.leafHash}</span> : null}
      </>
    ),
    path: <span>{_('reserves.step.path', { levels: p?.path.length ?? 0 })}</span>,
    root: (
      <>
        <span>{_('reserves.step.root')}</span>
        {r.ok && p ? (
          <>
            <span className={s.hash} data-testid="reserves-root-hash">{r.root.hash}</span>
            <span className={s.label}>{_('reserves.totals')}</span>
            <Amounts assets={p.assets} values={r.root.sums} testId="reserves-totals" />
          </>
        ) : null}
      </>
    ),
    published: (
      <>
        <span>{_('reserves.step.published', { seq: entry.seq })}</span>
        <span className={s.hash}>{entry.rootHash}</span>
      </>
    ),
  };
  return (
    <div data-testid="reserves-result" data-ok={outcome.ok ? 'true' : 'false'}>
      <ol className={s.steps}>
        {STEPS.map((name) => {
          const state = outcome.states[name];
          return (
            <li key={name} className={s.step} data-testid={`reserves-step-${name}`} data-state={state}>
              <span className={s.mark[state]} aria-label={_(STATE_LABEL[state])}>
                {MARK[state]}
              </span>
              <span className={s.stepText}>{body[name]}</span>
            </li>
          );
        })}
      </ol>
      <p className={outcome.ok ? s.ok : s.bad} data-testid="reserves-verdict">
        {outcome.ok ? _('reserves.ok') : _('reserves.failed', { reason: _(failureId(outcome), { level: r.ok ? 0 : (r.level ?? 0) }) })}
      </p>
    </div>
  );
}
