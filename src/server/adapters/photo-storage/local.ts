import fs from 'node:fs/promises';
import path from 'node:path';
import { assertKey, type PhotoStorage } from './port';

/** Photos as files under `<dataDir>/uploads`; written to a temporary name first so a reader never sees half a file. */
export function createLocalPhotoStorage(dataDir: string): PhotoStorage {
  const root = path.join(dataDir, 'uploads');
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    name: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, file);
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      assertKey(prefix.replace(/\/$/, ''));
      await fs.rm(path.join(root, ...prefix.replace(/\/$/, '').split('/')), { recursive: true, force: true });
    },
  };
}
