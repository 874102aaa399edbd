import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSecretsKey, secretBox } from './secrets.ts';

const dir = mkdtempSync(join(tmpdir(), 'hoppa-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('secret box (AES-256-GCM)', () => {
  const key = Buffer.alloc(32, 7);
  const box = secretBox(key);

  it('opens what it sealed; the same text seals differently each time', () => {
    const a = box.seal('client-secret');
    expect(a).not.toContain('client-secret');
    expect(a).not.toBe(box.seal('client-secret'));
    expect(box.open(a)).toBe('client-secret');
  });

  it('refuses a changed value and another key', () => {
    const sealed = box.seal('s3cret');
    const [v, iv, tag, data] = sealed.split(':') as [string, string, string, string];
    const flipped = Buffer.from(data, 'base64');
    flipped[0] = (flipped[0] as number) ^ 1;
    expect(() => box.open([v, iv, tag, flipped.toString('base64')].join(':'))).toThrow();
    expect(() => secretBox(Buffer.alloc(32, 8)).open(sealed)).toThrow();
    expect(() => box.open('plain text')).toThrow('Not a sealed secret');
  });

  it('takes SECRETS_KEY (32 bytes base64) or makes DATA_DIR/secrets.key once, readable by its owner only', () => {
    expect(loadSecretsKey(key.toString('base64'), dir).equals(key)).toBe(true);
    expect(() => loadSecretsKey(Buffer.alloc(16).toString('base64'), dir)).toThrow('32 bytes');
    const made = loadSecretsKey(undefined, dir);
    expect(made).toHaveLength(32);
    expect(loadSecretsKey(undefined, dir).equals(made)).toBe(true);
    expect(readFileSync(join(dir, 'secrets.key'), 'utf8').trim()).toBe(made.toString('base64'));
    expect(statSync(join(dir, 'secrets.key')).mode & 0o077).toBe(0);
  });
});
