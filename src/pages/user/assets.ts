// Asset tables and lists shared by the asset pages (spec §1, §3, §9).
import type { AccountType } from '../../contract.ts';
import type { Column } from '../../ui/DataTable.tsx';

/** The spec's accounts (coin, contract, financial, seconds contract, fiat), keyed as the server names them
 *  (`earn` is the financial/wealth account). */
export type AccountKind = AccountType;
export const ACCOUNT_TABS = [
  { key: 'coin', labelId: 'assets.account.coin', testId: 'account-tab-coin' },
  { key: 'contract', labelId: 'assets.account.contract', testId: 'account-tab-contract' },
  { key: 'earn', labelId: 'assets.account.wealth', testId: 'account-tab-earn' },
  { key: 'seconds', labelId: 'assets.account.seconds', testId: 'account-tab-seconds' },
  { key: 'fiat', labelId: 'assets.account.fiat', testId: 'account-tab-fiat' },
] as const satisfies ReadonlyArray<{ key: AccountKind; labelId: string; testId: string }>;

/** Each account's name (message id). */
export const ACCOUNT_LABELS: Readonly<Record<AccountType, string>> = {
  coin: 'assets.account.coin',
  contract: 'assets.account.contract',
  earn: 'assets.account.wealth',
  seconds: 'assets.account.seconds',
  fiat: 'assets.account.fiat',
};

export const RECORD_COLUMNS: readonly Column<never>[] = [
  { key: 'time', labelId: 'common.col.time' },
  { key: 'coin', labelId: 'assets.col.coin' },
  { key: 'type', labelId: 'records.col.type' },
  { key: 'amount', labelId: 'common.col.amount', align: 'right' },
];

/** Spec §3: every kind of asset record. */
export const RECORD_TYPES = [
  { key: 'buyCoin', labelId: 'records.type.buyCoin' },
  { key: 'sellCoin', labelId: 'records.type.sellCoin' },
  { key: 'cancelBuy', labelId: 'records.type.cancelBuy' },
  { key: 'cancelSell', labelId: 'records.type.cancelSell' },
  { key: 'financialPurchase', labelId: 'records.type.financialPurchase' },
  { key: 'openLongFee', labelId: 'records.type.openLongFee' },
  { key: 'openShortFee', labelId: 'records.type.openShortFee' },
  { key: 'longMargin', labelId: 'records.type.longMargin' },
  { key: 'shortMargin', labelId: 'records.type.shortMargin' },
  { key: 'longMarginRefund', labelId: 'records.type.longMarginRefund' },
  { key: 'shortMarginRefund', labelId: 'records.type.shortMarginRefund' },
  { key: 'buyMarginIncome', labelId: 'records.type.buyMarginIncome' },
  { key: 'sellMarginIncome', labelId: 'records.type.sellMarginIncome' },
  { key: 'adminFreeze', labelId: 'records.type.adminFreeze' },
  { key: 'adminUnfreeze', labelId: 'records.type.adminUnfreeze' },
  { key: 'adminLock', labelId: 'records.type.adminLock' },
  { key: 'adminUnlock', labelId: 'records.type.adminUnlock' },
  { key: 'financialIncome', labelId: 'records.type.financialIncome' },
  { key: 'contractIncome', labelId: 'records.type.contractIncome' },
  { key: 'productBuy', labelId: 'records.type.productBuy' },
  { key: 'productSell', labelId: 'records.type.productSell' },
  { key: 'cancelFinancial', labelId: 'records.type.cancelFinancial' },
  { key: 'withdrawalRejected', labelId: 'records.type.withdrawalRejected' },
] as const;
