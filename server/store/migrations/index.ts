// The one migration set, for both dialects, handed to Kysely's Migrator through a static provider (no
// directory scanning, so it works the same from source, tests and any bundle).
import type { Migration, MigrationProvider } from 'kysely/migration';
import type { Dialect } from '../schema.ts';
import { accounts } from './0001_accounts.ts';
import { markets } from './0002_markets.ts';
import { ledger } from './0003_ledger.ts';
import { spot } from './0003_spot.ts';
import { marketData } from './0004_market_data.ts';
import { apiKeys } from './0005_api_keys.ts';
import { feeLevels } from './0006_fee_levels.ts';
import { tradeUserIndexes } from './0007_trade_user_indexes.ts';
import { favourites } from './0008_favourites.ts';
import { layouts } from './0009_layouts.ts';
import { partialOrderIndexes } from './0010_partial_order_indexes.ts';
import { adminAudit } from './0011_admin_audit.ts';
import { userLocales } from './0012_user_locales.ts';
import { perp } from './0013_perp.ts';
import { perpConditionalIndexes } from './0014_perp_conditional_indexes.ts';
import { seconds } from './0015_seconds.ts';
import { spotConditional } from './0016_spot_conditional.ts';
import { perpDebt } from './0017_perp_debt.ts';
import { secondsOpening } from './0018_seconds_opening.ts';
import { spotStrategy } from './0019_spot_strategy.ts';
import { identity } from './0020_identity.ts';
import { security } from './0021_security.ts';
import { twoFactor } from './0022_twofactor.ts';
import { invite } from './0023_invite.ts';
import { walletDesk } from './0024_wallet_desk.ts';
import { wallet } from './0025_wallet.ts';
import { chain } from './0026_chain.ts';
import { reserves } from './0027_reserves.ts';
import { signer } from './0028_signer.ts';
import { earn } from './0029_earn.ts';
import { quant } from './0030_quant.ts';
import { content } from './0031_content.ts';
import { ops } from './0032_ops.ts';
import { deskLog } from './0033_desk_log.ts';
import { deskLogCalls } from './0034_desk_log_calls.ts';
import { perpOrderFees } from './0035_perp_order_fees.ts';
import { transferClientSource } from './0036_transfer_client_source.ts';

export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_accounts': accounts(dialect),
    '0002_markets': markets(),
    // Names sort in the order they run: 0003_ledger before 0003_spot.
    '0003_ledger': ledger(dialect),
    '0003_spot': spot(dialect),
    '0004_market_data': marketData(),
    '0005_api_keys': apiKeys(),
    '0006_fee_levels': feeLevels(),
    '0007_trade_user_indexes': tradeUserIndexes(),
    '0008_favourites': favourites(),
    '0009_layouts': layouts(),
    '0010_partial_order_indexes': partialOrderIndexes(),
    '0011_admin_audit': adminAudit(dialect),
    '0012_user_locales': userLocales(),
    '0013_perp': perp(dialect),
    '0014_perp_conditional_indexes': perpConditionalIndexes(),
    '0015_seconds': seconds(),
    '0016_spot_conditional': spotConditional(),
    '0017_perp_debt': perpDebt(),
    '0018_seconds_opening': secondsOpening(),
    '0019_spot_strategy': spotStrategy(),
    '0020_identity': identity(dialect),
    '0021_security': security(dialect),
    '0022_twofactor': twoFactor(dialect),
    '0023_invite': invite(dialect),
    '0024_wallet_desk': walletDesk(dialect),
    '0025_wallet': wallet(dialect),
    '0026_chain': chain(dialect),
    '0027_reserves': reserves(dialect),
    '0028_signer': signer(dialect),
    '0029_earn': earn(),
    '0030_quant': quant(),
    '0031_content': content(dialect),
    '0032_ops': ops(dialect),
    '0033_desk_log': deskLog(),
    '0034_desk_log_calls': deskLogCalls(),
    '0035_perp_order_fees': perpOrderFees(),
    '0036_transfer_client_source': transferClientSource(),
  };
}

export function migrationProvider(dialect: Dialect): MigrationProvider {
  return { getMigrations: async () => migrations(dialect) };
}
