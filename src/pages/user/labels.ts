// Labels for the user's states (spec §3/§4).
import type { RealNameStatus, SafetyLevel } from '../../contract.ts';

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
