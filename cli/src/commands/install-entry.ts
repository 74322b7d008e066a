// The command-table entry of `pkg install`, shared by the whole table (index.ts) and by the
// install-only bundle (../install-main.ts), so that both load the same definition.
import type { CommandEntry } from './index.js';

export const installEntry: CommandEntry = {
  name: 'install',
  load: async () => (await import('./install.js')).installCommand,
};
