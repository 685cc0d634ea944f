// Address validation per network, amount conversions between chain units and the ledger's 8 places, and the
// chain configuration read from the environment (with what it says when something is wrong).
import { describe, expect, it } from 'vitest';
import { ChainConfigError, loadChainConfig } from '../../../server/chain/config.ts';
import { assetRules, depositUri } from '../../../server/chain/index.ts';
import { ASSET_DEFAULTS, isValidAddress, networkName, toChainUnits, toLedgerUnits, units } from '../../../server/chain/networks.ts';
import { BTC_ZPUB, ETH_XPRV, ETH_XPUB } from './vectors.ts';

describe('address validation', () => {
  it('Ethereum: 0x and 40 hex digits; a mixed-case address needs its EIP-55 checksum; not the zero address', () => {
    const ok = (a: string) => isValidAddress('ETH', a, 'mainnet');
    expect(ok('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toBe(true);
    expect(ok('0x9858effd232b4033e47d90003d41ec34ecaeda94')).toBe(true);
    expect(ok('0x9858EFFD232B4033E47D90003D41EC34ECAEDA94')).toBe(true);
    expect(ok('0x9858EfFD232B4033E47d90003D41EC34EcaEdA94')).toBe(false);
    expect(ok('9858effd232b4033e47d90003d41ec34ecaeda94')).toBe(false);
    expect(ok('0x9858effd232b4033e47d90003d41ec34ecaeda9')).toBe(false);
    expect(ok('0x9858effd232b4033e47d90003d41ec34ecaeda9g')).toBe(false);
    expect(ok('0x0000000000000000000000000000000000000000')).toBe(false);
    expect(ok(' 0x9858effd232b4033e47d90003d41ec34ecaeda94')).toBe(false);
    expect(ok('')).toBe(false);
    expect(isValidAddress('ETH', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'mainnet')).toBe(false);
  });

  it('Bitcoin: segwit (bech32, bech32m) and base58 of the configured network only, checksums verified', () => {
    const cases: Array<[string, 'mainnet' | 'testnet' | 'regtest', boolean]> = [
      ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'mainnet', true],
      ['BC1QCR8TE4KR609GCAWUTMRZA0J4XV80JY8Z306FYU', 'mainnet', true],
      ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv', 'mainnet', false],
      ['bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 'testnet', false],
      // Taproot (bech32m, BIP86's first vector).
      ['bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr', 'mainnet', true],
      ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'mainnet', true],
      ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'mainnet', true],
      ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', 'mainnet', false],
      ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'testnet', false],
      ['tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl', 'testnet', true],
      ['tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl', 'regtest', false],
      ['bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk', 'regtest', true],
      ['bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk', 'mainnet', false],
      ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'testnet', true],
      ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'regtest', true],
      ['0x9858effd232b4033e47d90003d41ec34ecaeda94', 'mainnet', false],
      ['', 'mainnet', false],
    ];
    for (const [address, net, valid] of cases) expect(isValidAddress('BTC', address, net), `${address} on ${net}`).toBe(valid);
  });
});

describe('amounts', () => {
  it('converts chain units to ledger units exactly, truncating ETH beyond 8 decimals', () => {
    expect(toLedgerUnits(10n ** 18n, 18)).toBe(100_000_000n);
    expect(toLedgerUnits(1_000_000_009_999_999_999n, 18)).toBe(100_000_000n);
    expect(toLedgerUnits(9_999_999_999n, 18)).toBe(0n);
    expect(toLedgerUnits(1_500_000n, 6)).toBe(150_000_000n);
    expect(toLedgerUnits(12_345n, 8)).toBe(12_345n);
    expect(toChainUnits(150_000_000n, 6)).toBe(1_500_000n);
    expect(toChainUnits(1n, 18)).toBe(10_000_000_000n);
    expect(() => toChainUnits(1n, 6)).toThrow(RangeError);
    expect(units('0.001')).toBe(100_000n);
    expect(() => units('0.000000001')).toThrow(RangeError);
  });

  it('defaults: minimum deposit 0.001, fees and minimums per asset, withdrawal decimals within chain and ledger', () => {
    expect(ASSET_DEFAULTS.ETH).toMatchObject({ chainDecimals: 18, minDeposit: 100_000n, withdrawFee: 100_000n, withdrawMin: 1_000_000n, withdrawDecimals: 8 });
    expect(ASSET_DEFAULTS.USDT).toMatchObject({ chainDecimals: 6, minDeposit: 100_000n, withdrawFee: 100_000_000n, withdrawMin: 1_000_000_000n, withdrawDecimals: 6 });
    expect(ASSET_DEFAULTS.BTC).toMatchObject({ chainDecimals: 8, minDeposit: 100_000n, withdrawFee: 20_000n, withdrawMin: 100_000n, withdrawDecimals: 8 });
    for (const r of Object.values(ASSET_DEFAULTS)) expect(r.withdrawDecimals).toBeLessThanOrEqual(Math.min(8, r.chainDecimals));
  });

  it('names networks, test ones as such, and makes payment URIs', () => {
    expect(networkName('ETH', 1, 'mainnet')).toBe('Ethereum (ERC20)');
    expect(networkName('ETH', 31337, 'mainnet')).toMatch(/local test chain/);
    expect(networkName('BTC', null, 'testnet')).toBe('Bitcoin testnet (SegWit)');
    expect(depositUri('ETH', '0x9858EfFD232B4033E47d90003D41EC34EcaEda94', 31337)).toBe('ethereum:0x9858EfFD232B4033E47d90003D41EC34EcaEda94@31337');
    expect(depositUri('BTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', 1)).toBe('bitcoin:bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(depositUri('ETH', '0x9858EfFD232B4033E47d90003D41EC34EcaEda94', 1, '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(
      'ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    );
  });
});

describe('chain configuration', () => {
  const fails = (env: Record<string, string>, pattern: RegExp) => {
    expect(() => loadChainConfig(env)).toThrow(ChainConfigError);
    expect(() => loadChainConfig(env)).toThrow(pattern);
  };

  it('has the spec defaults with nothing set', () => {
    const c = loadChainConfig({});
    expect(c.evm).toEqual({ rpcUrl: undefined, chainId: undefined, confirmations: 12, usdtContract: undefined, pollMs: 3000, localPort: 8545, localBlockMs: 1000 });
    expect(c.btc).toEqual({ esploraUrl: undefined, network: 'testnet', confirmations: 12, pollMs: 30000 });
    expect(c.amounts.USDT).toEqual({ minDeposit: 100_000n, withdrawFee: 100_000_000n, withdrawMin: 1_000_000_000n });
    expect(c.ethXpub).toBeUndefined();
    const rules = assetRules(c, null);
    expect(rules.map((r) => r.asset)).toEqual(['ETH', 'BTC']);
    expect(assetRules(c, '0x5FbDB2315678afecb367f032d93F642f64180aa3').map((r) => `${r.asset}:${r.contract}`)).toEqual([
      'ETH:null', 'USDT:0x5FbDB2315678afecb367f032d93F642f64180aa3', 'BTC:null',
    ]);
  });

  it('reads every variable', () => {
    const c = loadChainConfig({
      EVM_RPC_URL: 'https://node.example/rpc/', EVM_CHAIN_ID: '11155111', EVM_CONFIRMATIONS: '20', USDT_CONTRACT: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
      EVM_POLL_MS: '1500', LOCAL_CHAIN_PORT: '0', LOCAL_CHAIN_BLOCK_MS: '250', BTC_ESPLORA_URL: 'http://127.0.0.1:3002/api', BTC_NETWORK: 'mainnet', BTC_CONFIRMATIONS: '3',
      BTC_POLL_MS: '60000', WALLET_ETH_XPUB: ETH_XPUB, WALLET_BTC_XPUB: BTC_ZPUB, ETH_MIN_DEPOSIT: '0.01', USDT_WITHDRAW_FEE: '2.5', BTC_WITHDRAW_MIN: '0.002',
    });
    expect(c.evm).toEqual({
      rpcUrl: 'https://node.example/rpc', chainId: 11155111, confirmations: 20, usdtContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3', pollMs: 1500, localPort: 0, localBlockMs: 250,
    });
    expect(c.btc).toEqual({ esploraUrl: 'http://127.0.0.1:3002/api', network: 'mainnet', confirmations: 3, pollMs: 60000 });
    expect([c.ethXpub, c.btcXpub]).toEqual([ETH_XPUB, BTC_ZPUB]);
    expect(c.amounts.ETH.minDeposit).toBe(1_000_000n);
    expect(c.amounts.USDT.withdrawFee).toBe(250_000_000n);
    expect(c.amounts.BTC.withdrawMin).toBe(200_000n);
  });

  it('says what is wrong', () => {
    fails({ EVM_RPC_URL: 'localhost:8545' }, /EVM_RPC_URL must be a http or https or ws or wss URL, got "localhost:8545"/);
    fails({ EVM_RPC_URL: 'not a url' }, /EVM_RPC_URL must be a URL/);
    fails({ EVM_RPC_URL: 'ftp://x' }, /EVM_RPC_URL must be a http or https or ws or wss URL/);
    fails({ EVM_CONFIRMATIONS: '0' }, /EVM_CONFIRMATIONS must be an integer from 1/);
    fails({ EVM_CONFIRMATIONS: '1.5' }, /EVM_CONFIRMATIONS/);
    fails({ EVM_CHAIN_ID: 'mainnet' }, /EVM_CHAIN_ID/);
    fails({ USDT_CONTRACT: '0x5FbDB2315678afecb367f032d93F642f64180aA3' }, /USDT_CONTRACT must be a contract address/);
    fails({ BTC_NETWORK: 'signet' }, /BTC_NETWORK must be one of mainnet, testnet, regtest/);
    fails({ BTC_ESPLORA_URL: 'ws://x' }, /BTC_ESPLORA_URL must be a http or https URL/);
    fails({ WALLET_ETH_XPUB: ETH_XPRV }, /WALLET_ETH_XPUB: that is an extended PRIVATE key/);
    fails({ WALLET_BTC_XPUB: BTC_ZPUB }, /WALLET_BTC_XPUB: a zpub is for mainnet, but BTC_NETWORK is testnet/);
    fails({ USDT_WITHDRAW_FEE: '0.0000001' }, /USDT_WITHDRAW_FEE has more decimals than USDT withdrawals allow \(6\)/);
    fails({ ETH_MIN_DEPOSIT: '-1' }, /ETH_MIN_DEPOSIT must be a non-negative amount/);
    fails({ BTC_WITHDRAW_MIN: '0.0001' }, /BTC_WITHDRAW_MIN must be above BTC_WITHDRAW_FEE/);
    fails({ LOCAL_CHAIN_PORT: '70000' }, /LOCAL_CHAIN_PORT/);
  });
});
