// The asset-records filter bar: account, coin, type (grouped, in the user's language), a quick range or two days,
// the view's first and last day. Every change goes into the URL and starts again from the first page.
import { useLingui } from '@lingui/react';
import type { AccountType, AssetRecordType } from '../../contract.ts';
import { ASSET_RECORD_TYPES } from '../../contract.ts';
import type { RecordsSearch } from './records-search.ts';
import { QUICK_RANGES, RECORD_ACCOUNTS, RECORD_TYPE_GROUPS, rangeDays, recordTypeLabel } from './records.ts';
import * as s from './records.css.ts';

export type RecordsFilterChange = Partial<Pick<RecordsSearch, 'account' | 'asset' | 'type' | 'range' | 'from' | 'to'>>;

interface Props {
  search: RecordsSearch;
  now: number;
  assets: readonly string[];
  invalidRange: boolean;
  onChange(change: RecordsFilterChange): void;
}

const isAccount = (v: string): v is AccountType => RECORD_ACCOUNTS.some((a) => a.key === v);
const isType = (v: string): v is AssetRecordType => (ASSET_RECORD_TYPES as readonly string[]).includes(v);

/** Whether any filter is set (the reset button is offered then). */
export const isFiltered = (search: RecordsSearch): boolean =>
  Boolean(search.account || search.asset || search.type || search.range || search.from || search.to);

export function RecordFilters({ search, now, assets, invalidRange, onChange }: Props) {
  const { _ } = useLingui();
  const days = rangeDays(search, now);
  // A chosen day replaces the quick range; the other end keeps what the range showed.
  const setDay = (end: 'from' | 'to', value: string) => {
    const next: RecordsFilterChange = { range: undefined, from: days.from, to: days.to, [end]: value || undefined };
    onChange(next);
  };
  return (
    <div className={s.bar} data-testid="records-filters">
      <label className={s.field}>
        {_('records.col.account')}
        <select
          className={`${s.control} ${s.account}`}
          data-testid="filter-account"
          value={search.account ?? ''}
          onChange={(e) => onChange({ account: isAccount(e.target.value) ? e.target.value : undefined })}
        >
          <option value="">{_('common.all')}</option>
          {RECORD_ACCOUNTS.map((a) => (
            <option key={a.key} value={a.key}>
              {_(a.labelId)}
            </option>
          ))}
        </select>
      </label>
      <label className={s.field}>
        {_('assets.col.coin')}
        <select className={`${s.control} ${s.coin}`} data-testid="filter-asset" value={search.asset ?? ''} onChange={(e) => onChange({ asset: e.target.value || undefined })}>
          <option value="">{_('common.all')}</option>
          {assets.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </label>
      <label className={s.field}>
        {_('records.col.type')}
        <select
          className={`${s.control} ${s.type}`}
          data-testid="filter-type"
          value={search.type ?? ''}
          onChange={(e) => onChange({ type: isType(e.target.value) ? e.target.value : undefined })}
        >
          <option value="">{_('common.all')}</option>
          {RECORD_TYPE_GROUPS.map((g) => (
            <optgroup key={g.labelId} label={_(g.labelId)}>
              {g.types.map((type) => (
                <option key={type} value={type}>
                  {_(recordTypeLabel(type))}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <div className={s.field}>
        {_('records.range.label')}
        <div className={s.chips} role="group" aria-label={_('records.range.label')}>
          {QUICK_RANGES.map((r) => (
            <button
              key={r.key}
              type="button"
              className={search.range === r.key ? s.chipOn : s.chip}
              aria-pressed={search.range === r.key}
              data-testid={`range-${r.key}`}
              onClick={() => onChange({ range: search.range === r.key ? undefined : r.key, from: undefined, to: undefined })}
            >
              {_(r.labelId)}
            </button>
          ))}
        </div>
      </div>
      <label className={s.field}>
        {_('records.range.from')}
        <input
          type="date"
          className={`${s.control} ${s.date}`}
          data-testid="filter-from"
          value={days.from ?? ''}
          max={days.to}
          aria-invalid={invalidRange || undefined}
          onChange={(e) => setDay('from', e.target.value)}
        />
      </label>
      <label className={s.field}>
        {_('records.range.to')}
        <input
          type="date"
          className={`${s.control} ${s.date}`}
          data-testid="filter-to"
          value={days.to ?? ''}
          min={days.from}
          aria-invalid={invalidRange || undefined}
          onChange={(e) => setDay('to', e.target.value)}
        />
      </label>
    </div>
  );
}
