// The route tree (spec §2): every route under the shared layout; the user centre is a pathless layout route so
// its children keep their top-level URLs (/accountSet, /myassets, /recharge, /withdrawal, /assetRecords).
import { createRootRoute, createRoute } from '@tanstack/react-router';
import { Layout } from '../layout/Layout.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { lazyPage } from './lazy.ts';
import { ensureUser } from '../session/actions.ts';
import { parseContractOrderSearch, parseContractTransactionSearch, parseDetailSearch, parseLoginSearch, parseOrdersSearch, parseRegisterSearch, parseSpotSearch } from './search.ts';
import { parseRecordsSearch } from '../pages/user/records-search.ts';
import { parseWalletSearch } from '../pages/user/wallet/wallet-search.ts';
import { parseDefiSearch, parseEarnOrderSearch } from '../pages/defi/defi-search.ts';
import { parseQuantBotSearch } from '../pages/quant/grid-form.ts';

const root = createRootRoute({ component: Layout, notFoundComponent: NotFoundPage });
const under = () => root;

const home = createRoute({ getParentRoute: under, path: '/', component: lazyPage(() => import('../pages/home/HomePage.tsx'), 'HomePage') });

// User centre
const userCentre = createRoute({
  getParentRoute: under,
  id: 'userCentre',
  // The user's own pages render once their info is known (signed out, it resolves at once to null).
  loader: () => ensureUser(),
  component: lazyPage(() => import('../pages/user/UserCentreLayout.tsx'), 'UserCentreLayout'),
});
const inCentre = () => userCentre;
const accountSet = createRoute({ getParentRoute: inCentre, path: 'accountSet', component: lazyPage(() => import('../pages/user/AccountSetPage.tsx'), 'AccountSetPage') });
const myAssets = createRoute({ getParentRoute: inCentre, path: 'myassets', component: lazyPage(() => import('../pages/user/MyAssetsPage.tsx'), 'MyAssetsPage') });
// ?coin=BTC: the coin the page starts on (when the exchange offers it).
const recharge = createRoute({
  getParentRoute: inCentre,
  path: 'recharge',
  validateSearch: parseWalletSearch,
  component: lazyPage(() => import('../pages/user/RechargePage.tsx'), 'RechargePage'),
});
const withdrawal = createRoute({
  getParentRoute: inCentre,
  path: 'withdrawal',
  validateSearch: parseWalletSearch,
  component: lazyPage(() => import('../pages/user/WithdrawalPage.tsx'), 'WithdrawalPage'),
});
const assetRecords = createRoute({
  getParentRoute: inCentre,
  path: 'assetRecords',
  validateSearch: parseRecordsSearch,
  component: lazyPage(() => import('../pages/user/AssetRecordsPage.tsx'), 'AssetRecordsPage'),
});

// Orders and trading
const commin = createRoute({
  getParentRoute: under,
  path: 'commin',
  validateSearch: parseOrdersSearch,
  component: lazyPage(() => import('../pages/orders/OrdersPage.tsx'), 'OrdersPage'),
});
const contract = createRoute({ getParentRoute: under, path: 'contract', component: lazyPage(() => import('../pages/contract/ContractPage.tsx'), 'ContractPage') });
const contractOrder = createRoute({
  getParentRoute: under,
  path: 'contractOrder',
  validateSearch: parseContractOrderSearch,
  component: lazyPage(() => import('../pages/contract/ContractOrderPage.tsx'), 'ContractOrderPage'),
});
const contractTransaction = createRoute({
  getParentRoute: under,
  path: 'contractTransaction',
  validateSearch: parseContractTransactionSearch,
  component: lazyPage(() => import('../pages/contract/ContractTransactionPage.tsx'), 'ContractTransactionPage'),
});
const currencyTransaction = createRoute({
  getParentRoute: under,
  path: 'currencyTransaction',
  validateSearch: parseSpotSearch,
  component: lazyPage(() => import('../pages/spot/CurrencyTransactionPage.tsx'), 'CurrencyTransactionPage'),
});
const quotation = createRoute({ getParentRoute: under, path: 'quotation', component: lazyPage(() => import('../pages/quotation/QuotationPage.tsx'), 'QuotationPage') });
const defiFinancial = createRoute({
  getParentRoute: under,
  path: 'defiFinancial',
  validateSearch: parseDefiSearch,
  component: lazyPage(() => import('../pages/defi/DefiFinancialPage.tsx'), 'DefiFinancialPage'),
});
// One wealth or mining order: its times and its income list (?kind=wealth|mining&id=N).
const defiOrder = createRoute({
  getParentRoute: under,
  path: 'defiFinancial/order',
  validateSearch: parseEarnOrderSearch,
  component: lazyPage(() => import('../pages/defi/EarnOrderPage.tsx'), 'EarnOrderPage'),
});
// One quantitative bot (signed in; the page asks to sign in otherwise): its figures, ladder, orders and fills (?id=N).
const quantBot = createRoute({
  getParentRoute: under,
  path: 'quantBot',
  validateSearch: parseQuantBotSearch,
  component: lazyPage(() => import('../pages/quant/QuantBotPage.tsx'), 'QuantBotPage'),
});

// Announcements, help, information
const noticeList = createRoute({ getParentRoute: under, path: 'noticeList', component: lazyPage(() => import('../pages/notice/NoticeListPage.tsx'), 'NoticeListPage') });
const detail = createRoute({
  getParentRoute: under,
  path: 'detail',
  validateSearch: parseDetailSearch,
  component: lazyPage(() => import('../pages/notice/NoticeDetailPage.tsx'), 'NoticeDetailPage'),
});
const helpCenter = createRoute({ getParentRoute: under, path: 'helpCenter', component: lazyPage(() => import('../pages/help/HelpCenterPage.tsx'), 'HelpCenterPage') });
const helpDetail = createRoute({
  getParentRoute: under,
  path: 'helpDetail',
  validateSearch: parseDetailSearch,
  component: lazyPage(() => import('../pages/help/HelpDetailPage.tsx'), 'HelpDetailPage'),
});
const informationList = createRoute({
  getParentRoute: under,
  path: 'informationList',
  component: lazyPage(() => import('../pages/information/InformationListPage.tsx'), 'InformationListPage'),
});
const informationOne = createRoute({
  getParentRoute: under,
  path: 'informationOne',
  validateSearch: parseDetailSearch,
  component: lazyPage(() => import('../pages/information/InformationOnePage.tsx'), 'InformationOnePage'),
});
const informationTwo = createRoute({
  getParentRoute: under,
  path: 'informationTwo',
  component: lazyPage(() => import('../pages/information/InformationTwoPage.tsx'), 'InformationTwoPage'),
});

// Informational pages
const down = createRoute({ getParentRoute: under, path: 'down', component: lazyPage(() => import('../pages/info/DownPage.tsx'), 'DownPage') });
const rateStandard = createRoute({ getParentRoute: under, path: 'rateStandard', component: lazyPage(() => import('../pages/info/RateStandardPage.tsx'), 'RateStandardPage') });
const about = createRoute({ getParentRoute: under, path: 'about', component: lazyPage(() => import('../pages/info/AboutPage.tsx'), 'AboutPage') });
const legalStatement = createRoute({ getParentRoute: under, path: 'legalStatement', component: lazyPage(() => import('../pages/info/LegalStatementPage.tsx'), 'LegalStatementPage') });
const privacyPolicy = createRoute({ getParentRoute: under, path: 'privacyPolicy', component: lazyPage(() => import('../pages/info/PrivacyPolicyPage.tsx'), 'PrivacyPolicyPage') });
const userAgreement = createRoute({ getParentRoute: under, path: 'userAgreement', component: lazyPage(() => import('../pages/info/UserAgreementPage.tsx'), 'UserAgreementPage') });
const feedback = createRoute({ getParentRoute: under, path: 'feedback', component: lazyPage(() => import('../pages/info/FeedbackPage.tsx'), 'FeedbackPage') });

// Authentication
const login = createRoute({
  getParentRoute: under,
  path: 'login',
  validateSearch: parseLoginSearch,
  component: lazyPage(() => import('../pages/auth/LoginPage.tsx'), 'LoginPage'),
});
const register = createRoute({
  getParentRoute: under,
  path: 'register',
  validateSearch: parseRegisterSearch,
  component: lazyPage(() => import('../pages/auth/RegisterPage.tsx'), 'RegisterPage'),
});
const forget = createRoute({ getParentRoute: under, path: 'forget', component: lazyPage(() => import('../pages/auth/ForgetPage.tsx'), 'ForgetPage') });

export const routeTree = root.addChildren([
  home,
  userCentre.addChildren([accountSet, myAssets, recharge, withdrawal, assetRecords]),
  commin,
  contract,
  contractOrder,
  contractTransaction,
  currencyTransaction,
  quotation,
  defiFinancial,
  defiOrder,
  quantBot,
  noticeList,
  detail,
  helpCenter,
  helpDetail,
  informationList,
  informationOne,
  informationTwo,
  down,
  rateStandard,
  about,
  legalStatement,
  privacyPolicy,
  userAgreement,
  feedback,
  login,
  register,
  forget,
]);
