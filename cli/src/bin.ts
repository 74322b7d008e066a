// The executable: `pkg ...` (bundled to dist/pkg.js).
import { main } from './main.js';

await main(process.argv);
