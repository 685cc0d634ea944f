// Labels for the user's states (spec §3/§4).
import type { RealNameStatus, SafetyItem, SafetyLevel } from '../../contract.ts';

export const REAL_NAME_LABELS: Readonly<Record<RealNameStatus, { labelId: string }>> = {
  none: { labelId: 'user.realName.none' },
  pending: { labelId: 'user.realName.pending' },
  failed: { labelId: 'user.realName.failed' },
  certified: { labelId: 'user.realName.certified' },
};

export const SAFETY_LABELS: Readonly<Record<SafetyLevel, { labelId: string }>> = {
  low: { labelId: 'user.safety.low' },
  medium: { labelId: 'user.safety.medium' },
  high: { labelId: 'user.safety.high' },
};

/** What raises the safety level (the security overview's `missing`). */
export const SAFETY_ITEM_LABELS: Readonly<Record<SafetyItem, { labelId: string }>> = {
  email: { labelId: 'security.item.email' },
  phone: { labelId: 'security.item.phone' },
  fundPassword: { labelId: 'security.item.fundPassword' },
  twoFactor: { labelId: 'security.item.twoFactor' },
  antiPhishing: { labelId: 'security.item.antiPhishing' },
};
