// Bundles the server into dist/server/main.js (and the job entry points beside it); packages stay in node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'expire-cancellations': 'src/server/jobs/expire-cancellations.ts',
    'set-role': 'src/server/jobs/set-role.ts',
    // The food detector's process: main.js starts it from beside itself (new URL('./detector-worker.js', import.meta.url)).
    'detector-worker': 'src/server/adapters/vision/detector-worker.js',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
