// Compiles the test USDT (an ERC-20 with 6 decimals and an open `mint`, for the embedded local chain and the tests)
// with solc's bundled JavaScript compiler and OpenZeppelin's ERC20, and writes { abi, bytecode } to
// server/chain/fixtures/test-usdt.json. Run once after changing the source below and commit the output: nothing
// compiles at run time, so solc stays a development dependency.
//   node server/chain/tools/compile-test-usdt.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
import "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// A stand-in for Tether on test chains only: anyone may mint.
contract TestUSDT is ERC20 {
    constructor() ERC20("Test Tether USD", "USDT") {}
    function decimals() public pure override returns (uint8) { return 6; }
    function mint(address to, uint256 amount) external { _mint(to, amount); }
}
`;

const require = createRequire(import.meta.url);
// solc ships no types of its own; its one function we call takes and returns JSON text.
const solc = require('solc') as { compile(input: string, callbacks: { import(path: string): { contents: string } | { error: string } }): string; version(): string };
const modules = join(dirname(require.resolve('@openzeppelin/contracts/package.json')), '..', '..');

const input = {
  language: 'Solidity',
  sources: { 'TestUSDT.sol': { content: SOURCE } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    evmVersion: 'cancun',
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
};
const output = JSON.parse(
  solc.compile(JSON.stringify(input), {
    import: (path) => {
      try {
        return { contents: readFileSync(join(modules, path), 'utf8') };
      } catch {
        return { error: `not found: ${path}` };
      }
    },
  }),
) as {
  errors?: Array<{ severity: string; formattedMessage: string }>;
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
};
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length > 0) {
  for (const e of errors) process.stderr.write(e.formattedMessage);
  process.exit(1);
}
const contract = output.contracts['TestUSDT.sol']?.['TestUSDT'];
if (contract === undefined) throw new Error('solc produced no TestUSDT');
const file = join(import.meta.dirname, '..', 'fixtures', 'test-usdt.json');
const fixture = { compiler: `solc ${solc.version()}`, source: SOURCE, abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
writeFileSync(file, `${JSON.stringify(fixture, null, 2)}\n`);
process.stdout.write(`wrote ${file} (${contract.evm.bytecode.object.length / 2} bytes of bytecode)\n`);
