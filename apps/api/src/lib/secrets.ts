import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Encryption of stored secrets (API connections' client secrets and API keys; issue 14 item 4): AES-256-GCM with
 * node:crypto, a fresh 12-byte IV per value, stored as `v1:<iv>:<tag>:<ciphertext>` in base64. The key is 32 bytes,
 * base64 in the environment variable `SECRETS_KEY` (docs/operations.md); without it, a key is generated once into
 * `DATA_DIR/secrets.key` (mode 0600), which suits one machine but not several API processes on different machines.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** Throws when the value was sealed with another key or was changed. */
  open(sealed: string): string;
}

/** Reads or makes the key: `SECRETS_KEY` (base64 of 32 bytes) when set, else `dataDir/secrets.key`. Throws on a bad key. */
export function loadSecretsKey(envKey: string | undefined, dataDir: string): Buffer {
  if (envKey) {
    const key = Buffer.from(envKey, 'base64');
    if (key.length !== 32)
      throw new Error('SECRETS_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
    return key;
  }
  const file = join(dataDir, 'secrets.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

/** A {@link SecretBox} over a 32-byte key. */
export function secretBox(key: Buffer): SecretBox {
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64'),
        cipher.getAuthTag().toString('base64'),
        data.toString('base64'),
      ].join(':');
    },
    open(sealed) {
      const [v, iv, tag, data] = sealed.split(':');
      if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}
