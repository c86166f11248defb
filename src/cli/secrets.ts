import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { english, generateMnemonic } from 'viem/accounts';

/** Secrets that `tessera start` generates once for a local installation and keeps in its data folder. */
export interface LocalSecrets {
  jwt_secret: string;
  service_token: string;
  postgres_password: string;
  provider_app_token: string;
  provider_secret_key: string;
  provider_webhook_secret: string;
  field_encryption_key: string;
  /** derives every custodial wallet address; losing or changing it loses those wallets */
  custody_mnemonic: string;
}

const generate = (): LocalSecrets => ({
  jwt_secret: randomBytes(48).toString('base64url'),
  service_token: randomBytes(48).toString('base64url'),
  postgres_password: randomBytes(24).toString('base64url'),
  provider_app_token: `sbx:${randomBytes(24).toString('base64url')}`,
  provider_secret_key: randomBytes(32).toString('base64url'),
  provider_webhook_secret: randomBytes(32).toString('base64url'),
  field_encryption_key: `k1:${randomBytes(32).toString('base64')}`,
  custody_mnemonic: generateMnemonic(english),
});

/** The environment variables the secrets stand in for, when the environment does not set them. */
export function secretsAsEnv(secrets: LocalSecrets): Record<string, string> {
  return {
    JWT_SECRET: secrets.jwt_secret,
    SERVICE_TOKEN: secrets.service_token,
    PROVIDER_APP_TOKEN: secrets.provider_app_token,
    PROVIDER_SECRET_KEY: secrets.provider_secret_key,
    PROVIDER_WEBHOOK_SECRET: secrets.provider_webhook_secret,
    FIELD_ENCRYPTION_KEYS: secrets.field_encryption_key,
    CUSTODY_MNEMONIC: secrets.custody_mnemonic,
  };
}

export async function loadOrCreateSecrets(dataDir: string): Promise<LocalSecrets> {
  const file = path.join(dataDir, 'secrets.json');
  try {
    // Secrets added by later versions are generated and kept on the next start.
    const stored = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<LocalSecrets>;
    const complete = { ...generate(), ...stored };
    if (Object.keys(stored).length !== Object.keys(complete).length) {
      await fs.writeFile(file, JSON.stringify(complete, null, 2), { mode: 0o600 });
    }
    return complete;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(`cannot read ${file}`, { cause: error });
  }
  const secrets = generate();
  await fs.mkdir(dataDir, { recursive: true, mode: 0o755 });
  await fs.writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' });
  return secrets;
}
