import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Secrets that `tessera start` generates once for a local installation and keeps in its data folder. */
export interface LocalSecrets {
  jwt_secret: string;
  service_token: string;
  postgres_password: string;
}

export async function loadOrCreateSecrets(dataDir: string): Promise<LocalSecrets> {
  const file = path.join(dataDir, 'secrets.json');
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as LocalSecrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(`cannot read ${file}`, { cause: error });
  }
  const secrets: LocalSecrets = {
    jwt_secret: randomBytes(48).toString('base64url'),
    service_token: randomBytes(48).toString('base64url'),
    postgres_password: randomBytes(24).toString('base64url'),
  };
  await fs.mkdir(dataDir, { recursive: true, mode: 0o755 });
  await fs.writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' });
  return secrets;
}
