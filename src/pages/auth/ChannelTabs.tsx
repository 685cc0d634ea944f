// E-mail or phone: which kind of account the sign-up and reset forms take.
import type { Channel } from '../../contract.ts';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';

const CHANNELS: readonly TabItem<Channel>[] = [
  { key: 'email', labelId: 'auth.channel.email', testId: 'channel-email' },
  { key: 'phone', labelId: 'auth.channel.phone', testId: 'channel-phone' },
];

export function ChannelTabs({ value, onChange }: { value: Channel; onChange(channel: Channel): void }) {
  return <Tabs items={CHANNELS} value={value} onChange={onChange} />;
}
