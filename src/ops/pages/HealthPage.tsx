// Health, live (every 2 s): each desk's queue and commit latency, the store, open sockets, the price record's head
// and how far behind it is, the clock-driven jobs.
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import { OPS_PATHS, type OpsDeskHealth, type OpsHealth } from '../../contract.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { formatDateTime } from '../../format/date.ts';
import { isOpsError } from '../api.ts';
import { ops } from '../client.ts';
import { health, parser } from '../parse.ts';
import { Badge, Empty, Num, Screen, Section, Stat } from '../ui/kit.tsx';
import * as s from '../ui/ops.css.ts';
import { bytesText, durationText } from '../views.ts';

export const HEALTH_POLL_MS = 2000;
const parseHealth = parser(health);
const ms = (v: number | null) => (v === null ? '--' : `${v < 10 ? v.toFixed(2) : Math.round(v)} ms`);
type Job = OpsHealth['jobs'][number];

export default function HealthPage() {
  const { _ } = useLingui();
  const [data, setData] = useState<OpsHealth | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const tick = () => {
      ops.get(OPS_PATHS.health, parseHealth, undefined, { signal: controller.signal, notify: false }).then(
        (h) => {
          if (stopped) return;
          setData(h);
          setError(null);
        },
        (e: unknown) => {
          if (!stopped) setError(isOpsError(e) ? e.msg : _('ops.error.generic'));
        },
      ).finally(() => {
        if (!stopped) timer = setTimeout(tick, HEALTH_POLL_MS);
      });
    };
    tick();
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
    };
  }, [_]);

  const desks: Column<OpsDeskHealth>[] = [
    { key: 'desk', labelId: 'ops.health.desk', render: (d) => <strong>{d.desk}</strong> },
    { key: 'run', labelId: 'ops.col.status', render: (d) => <Badge status={d.running ? 'running' : 'stopped'}>{_(d.running ? 'ops.health.running' : 'ops.health.stopped')}</Badge> },
    { key: 'queue', labelId: 'ops.health.queue', align: 'right', render: (d) => <Num>{String(d.queue)}</Num> },
    { key: 'p50', labelId: 'ops.health.p50', align: 'right', render: (d) => <Num>{ms(d.commitP50Ms)}</Num> },
    { key: 'p99', labelId: 'ops.health.p99', align: 'right', render: (d) => <Num>{ms(d.commitP99Ms)}</Num> },
    { key: 'bpm', labelId: 'ops.health.batches', align: 'right', render: (d) => <Num>{String(d.batchesPerMinute)}</Num> },
  ];
  const jobs: Column<Job>[] = [
    { key: 'name', labelId: 'ops.col.name', render: (j) => j.name },
    { key: 'last', labelId: 'ops.health.lastRun', render: (j) => <span className={s.num}>{formatDateTime(j.lastRunAt)}</span> },
    { key: 'ok', labelId: 'ops.col.status', render: (j) => <Badge status={j.ok ? 'done' : 'failed'}>{_(j.ok ? 'ops.health.ok' : 'ops.health.failing')}</Badge> },
  ];

  return (
    <Screen
      name="health"
      title={_('ops.nav.health')}
      actions={
        data ? (
          <span className={s.small} data-testid="ops-health-at">
            {_('ops.health.at', { time: formatDateTime(data.at) })}
          </span>
        ) : null
      }
    >
      {error ? (
        <p className={s.down} role="alert">
          {error}
        </p>
      ) : null}
      {data === null ? (
        <p className={s.muted}>{_('ops.loading')}</p>
      ) : (
        <>
          <div className={s.stats} data-testid="ops-health-stats">
            <Stat label={_('ops.health.uptime')} value={durationText(data.uptimeMs)} />
            <Stat
              label={_('ops.health.store')}
              value={
                <>
                  {data.store.dialect} <Badge status={data.store.ok ? 'done' : 'failed'}>{_(data.store.ok ? 'ops.health.ok' : 'ops.health.failing')}</Badge>
                </>
              }
            />
            <Stat label={_('ops.health.storeLatency')} value={ms(data.store.latencyMs)} testId="ops-health-store-latency" />
            <Stat label={_('ops.health.storeSize')} value={bytesText(data.store.sizeBytes)} />
            <Stat label={_('ops.health.sockets')} value={`${data.sockets.open} / ${data.sockets.subscriptions}`} testId="ops-health-sockets" />
            <Stat label={_('ops.health.recordHead')} value={data.priceRecord.head === null ? '--' : `#${data.priceRecord.head}`} testId="ops-health-head" />
            <Stat label={_('ops.health.recordLag')} value={durationText(data.priceRecord.lagMs)} />
          </div>
          <div className={s.grid2}>
            <Section title={_('ops.health.desks')} testId="ops-health-desks">
              <DataTable columns={desks} rows={data.desks} rowKey={(d) => d.desk} empty={<Empty />} />
            </Section>
            <Section title={_('ops.health.jobs')} testId="ops-health-jobs">
              <DataTable columns={jobs} rows={data.jobs} rowKey={(j) => j.name} empty={<Empty />} />
            </Section>
          </div>
        </>
      )}
    </Screen>
  );
}
