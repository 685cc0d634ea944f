// The app's one API client, wired to the session state, the notices and the active language.
import { i18n } from '@lingui/core';
import { createApiClient } from './client.ts';
import { activeLocale } from '../i18n/setup.ts';
import { endSession, getToken, getUser, pushNotice, raiseSessionExpired } from '../state/index.ts';

export const api = createApiClient({
  baseUrl: '/',
  token: getToken,
  locale: activeLocale,
  texts: {
    timeout: () => i18n._('error.network.timeout'),
    network: () => i18n._('error.network.failed'),
    error: () => i18n._('error.generic'),
  },
  notifyError: (text) => pushNotice('error', text),
  sessionExpired: () => {
    raiseSessionExpired();
  },
  notLoggedIn: endSession,
  // Signed in with the user's info loaded: a not-logged-in reply now means the session ended under the user.
  sessionInUse: () => getUser() !== null,
});

export { ApiError, isApiError } from './error.ts';
export type { CallOptions } from './client.ts';
export { fetchLayout, saveLayout, resetLayout } from './layout.ts';
export {
  fetchContractMarkets, fetchContractFundingHistory, fetchContractInsuranceFund, placeContractOrder, cancelContractOrder, cancelAllContractOrders,
  fetchContractOrderList, fetchContractOrderDetail, fetchContractPositions, closeContractPosition, closeAllContractPositions, setContractLeverage,
  setContractMarginType, adjustContractMargin, setContractTpSl, placeContractConditional, fetchContractConditionalList, cancelContractConditional,
} from './contract.ts';
