// Perpetual contract entry (spec §1, §5): limit or market, lots, leverage, take-profit and stop-loss, long or short.
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { TextField } from '../../ui/Field.tsx';
import { Note, Panel } from '../../ui/Page.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { SubmitGate } from '../trade/SubmitGate.tsx';
import { form, sides } from '../trade/trade.css.ts';

type OrderType = 'limit' | 'market';
const TYPES: readonly TabItem<OrderType>[] = [
  { key: 'limit', labelId: 'trade.type.limit' },
  { key: 'market', labelId: 'trade.type.market' },
];

export function ContractEntry() {
  const { _ } = useLingui();
  const [type, setType] = useState<OrderType>('limit');
  return (
    <Panel title={_('trade.entry.title')}>
      <Tabs items={TYPES} value={type} onChange={setType} />
      <form className={form} onSubmit={(e) => e.preventDefault()}>
        {type === 'limit' ? <TextField label={_('trade.field.price')} name="price" inputMode="decimal" autoComplete="off" /> : null}
        <TextField label={_('contract.col.lots')} name="lots" inputMode="numeric" autoComplete="off" />
        <TextField label={_('contract.col.leverage')} name="leverage" inputMode="numeric" autoComplete="off" />
        <TextField label={_('contract.col.takeProfit')} name="takeProfit" inputMode="decimal" autoComplete="off" />
        <TextField label={_('contract.col.stopLoss')} name="stopLoss" inputMode="decimal" autoComplete="off" />
        <div className={sides}>
          <SubmitGate variant="up">{_('contract.openLong')}</SubmitGate>
          <SubmitGate variant="down">{_('contract.openShort')}</SubmitGate>
        </div>
      </form>
      <Note>{_('contract.rules')}</Note>
    </Panel>
  );
}
