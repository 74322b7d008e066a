// Contract facts (docs/public-api.md, GET /v1/contract/:address): the verified name, functions
// and events from the explorer, and the automated security flags of the address; each a section
// of its own, so that one failing source never blanks the other.
import { contractInterfaceOf, toSection, type ContractInterface, type V1Contract } from '@pkg/shared';
import type { DataClient } from '@pkg/shared/data';

function verifiedInterface(address: string) {
  return (value: unknown): ContractInterface => {
    const contract = value as {
      name?: string;
      language?: string;
      compiler_version?: string;
      abi?: unknown[];
    };
    return {
      address,
      ...(contract.name ? { name: contract.name } : {}),
      ...(contract.language ? { language: contract.language } : {}),
      ...(contract.compiler_version ? { compilerVersion: contract.compiler_version } : {}),
      ...contractInterfaceOf(Array.isArray(contract.abi) ? contract.abi : []),
    };
  };
}

export async function contractFacts(data: DataClient, address: string): Promise<V1Contract> {
  const [verified, security] = await Promise.all([
    data.explorer.contract({ address }),
    data.security.address({ address }),
  ]);
  return {
    address,
    verified: toSection(verified, verifiedInterface(address)),
    security: toSection(security, (v) => v as Record<string, unknown>),
  };
}
