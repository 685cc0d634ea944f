// The header's top menu (spec §2).
export const TOP_MENU = [
  { to: '/quotation', labelId: 'nav.market' },
  { to: '/currencyTransaction', labelId: 'nav.quant' },
  { to: '/contractTransaction', labelId: 'nav.contract' },
] as const;

export const ASSET_LINKS = [
  { to: '/myassets', labelId: 'nav.myAssets' },
  { to: '/recharge', labelId: 'nav.recharge' },
  { to: '/withdrawal', labelId: 'nav.withdrawal' },
  { to: '/assetRecords', labelId: 'nav.assetRecords' },
] as const;

export const ORDER_LINKS = [
  { active: 1, labelId: 'nav.currentOrders' },
  { active: 2, labelId: 'nav.historyOrders' },
] as const;
