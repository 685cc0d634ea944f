// The search params of /defiFinancial (?section=: a name of its own, apart from the
// other routes' `tab`, whose values differ) and of an order's detail (/defiFinancial/order?kind=&id=), checked one
// by one: a bad one is dropped. Pure, for tests in node.
import { EARN_KINDS, type EarnKind } from '../../contract.ts';

export type DefiTab = 'wealth' | 'mining' | 'myWealth' | 'myMining';
export const DEFI_TABS: readonly DefiTab[] = ['wealth', 'mining', 'myWealth', 'myMining'];

type RawSearch = Record<string, unknown>;
const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value.trim() || undefined : typeof value === 'number' ? String(value) : undefined;

export interface DefiSearch {
  /** The tab; left out for the first (wealth products). */
  section?: DefiTab;
}
export function parseDefiSearch(search: RawSearch): DefiSearch {
  const tab = text(search.section);
  return tab && (DEFI_TABS as readonly string[]).includes(tab) && tab !== 'wealth' ? { section: tab as DefiTab } : {};
}

export interface EarnOrderSearch {
  kind?: EarnKind;
  id?: number;
}
export function parseEarnOrderSearch(search: RawSearch): EarnOrderSearch {
  const out: EarnOrderSearch = {};
  const kind = text(search.kind);
  if (kind && (EARN_KINDS as readonly string[]).includes(kind)) out.kind = kind as EarnKind;
  const id = text(search.id);
  if (id && /^\d{1,15}$/.test(id) && Number(id) > 0) out.id = Number(id);
  return out;
}
