import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiOrigin = 'http://127.0.0.1:3000';
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));

/**
 * Brotli and gzip twins of every text file of the build, at the strongest settings: the server sends them as they are,
 * so no request pays for compression. A twin that would not be smaller is left out.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    // After the files are written (the public folder is copied before), and only when the build succeeded.
    writeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        for (const name of fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
          if (!/\.(html|js|mjs|css|svg|json|txt|wasm)$/.test(name)) continue;
          const file = path.join(outDir, name);
          const data = fs.readFileSync(file);
          const twins = {
            br: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gz: gzipSync(data, { level: 9 }),
          };
          for (const [ext, twin] of Object.entries(twins)) if (twin.length < data.length) fs.writeFileSync(`${file}.${ext}`, twin);
        }
      },
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/ },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform|zod|@standard-schema)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      '/sandbox': { target: apiOrigin, changeOrigin: false },
    },
  },
});
