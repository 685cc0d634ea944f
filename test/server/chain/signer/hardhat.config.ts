// `hardhat node` for the signer's process tests (chain.ts startHardhatNode): Hardhat's defaults, a simulated
// network with chain id 31337 and twenty funded accounts. Nothing is compiled.
export default {};
