// The standard test wallet ("abandon" × 11, "about"): its account keys give the published address vectors, so a
// deposit address in a test is checkable by anyone (BIP44 ETH 0/0 = 0x9858…Da94, BIP84 BTC 0/0 = bc1qcr8t…6fyu).
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';

export const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const seed = mnemonicToSeedSync(MNEMONIC);
/** m/44'/60'/0' of the vector mnemonic. */
export const ETH_XPUB = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'").publicExtendedKey;
/** m/84'/0'/0' as a zpub (mainnet), and m/84'/1'/0' as a vpub (test networks). */
export const BTC_ZPUB = HDKey.fromMasterSeed(seed, { private: 0x04b2430c, public: 0x04b24746 }).derive("m/84'/0'/0'").publicExtendedKey;
export const BTC_VPUB = HDKey.fromMasterSeed(seed, { private: 0x045f18bc, public: 0x045f1cf6 }).derive("m/84'/1'/0'").publicExtendedKey;
/** The same m/84'/1'/0' serialised as an xpub and as a tpub (wallets export either). */
export const BTC_TEST_XPUB = HDKey.fromMasterSeed(seed).derive("m/84'/1'/0'").publicExtendedKey;
export const BTC_TPUB = HDKey.fromMasterSeed(seed, { private: 0x04358394, public: 0x043587cf }).derive("m/84'/1'/0'").publicExtendedKey;
/** Private keys: never the server's; the tests check the server refuses them. */
export const ETH_XPRV = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'").privateExtendedKey;
