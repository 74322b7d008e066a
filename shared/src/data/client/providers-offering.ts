// The providers declaring a capability for a request's scope, in routing order (market quotes ask
// each of them in turn).
import type { ProvidersOffering } from '../market/quotes.js';
import { routeTarget } from '../routing/route.js';
import type { ClientCore } from './client-core.js';

export function providersOffering({ byName, slots, chain }: ClientCore): ProvidersOffering {
  return (name, params) => {
    const capability = byName.get(name);
    if (!capability) return [];
    const parsed = capability.params.safeParse(params);
    const target = routeTarget(capability, parsed.success ? parsed.data : params, chain);
    return slots
      .filter((s) => s.descriptor.capabilities[target.declaredUnder]?.includes(name))
      .map((s) => s.descriptor.id);
  };
}
