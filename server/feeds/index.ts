// Index prices: the feed port, the seeded demo simulator behind it, and the public hash-chained record.
export type { IndexFeed, IndexTick, Unsubscribe } from './types.ts';
export { COIN_PROFILES, type CoinProfile } from './coins.ts';
export { createSimulator, simMarkets, snapFloat, type SimMarket, type Simulator, type SimulatorOptions } from './simulator.ts';
export { simulatedFeed, SIM_TICK_MS, type SimulatedFeedOptions } from './simulated-feed.ts';
export { snapDecimal } from './snap.ts';
export {
  appendRecord,
  canonicalRecord,
  CHAIN_VERSION,
  GENESIS_HASH,
  hashRecord,
  verifyChain,
  type ChainCheck,
  type ChainProblem,
  type Hasher,
  type IndexEntry,
  type IndexRecord,
} from './chain.ts';
export { sha256Hex } from './sha256.ts';
export { createIndexRecorder, type IndexRecorder, type IndexRecorderOptions } from './recorder.ts';
