// Spot order entry: limit or market, buy and sell side by side (spec §1).
import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { TextField } from '../../ui/Field.tsx';
import { Panel } from '../../ui/Page.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { SubmitGate } from '../trade/SubmitGate.tsx';
import { form, sides } from '../trade/trade.css.ts';

type OrderType = 'limit' | 'market';
const TYPES: readonly TabItem<OrderType>[] = [
  { key: 'limit', labelId: 'trade.type.limit' },
  { key: 'market', labelId: 'trade.type.market' },
];

export function SpotEntry() {
  const { _ } = useLingui();
  const [type, setType] = useState<OrderType>('limit');
  return (
    <Panel title={_('trade.entry.title')}>
      <Tabs items={TYPES} value={type} onChange={setType} />
      <form className={form} onSubmit={(e) => e.preventDefault()}>
        {type === 'limit' ? <TextField label={_('trade.field.price')} name="price" inputMode="decimal" autoComplete="off" /> : null}
        <TextField label={_('trade.field.amount')} name="amount" inputMode="decimal" autoComplete="off" />
        <TextField label={_('trade.field.total')} name="total" inputMode="decimal" autoComplete="off" />
        <div className={sides}>
          <SubmitGate variant="up">{_('trade.buy')}</SubmitGate>
          <SubmitGate variant="down">{_('trade.sell')}</SubmitGate>
        </div>
      </form>
    </Panel>
  );
}
