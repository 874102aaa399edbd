import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from './config.ts';

describe('loadConfig', () => {
  it('defaults to port 8080 on all interfaces with ./data at the repository root', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toBe(join(REPO_ROOT, 'data'));
    expect(REPO_ROOT).toBe(join(import.meta.dirname, '../../..'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:8080');
  });

  it('resolves a relative DATA_DIR against the repository root, not the working directory', () => {
    expect(loadConfig({ DATA_DIR: 'tmp/x' }).dataDir).toBe(join(REPO_ROOT, 'tmp/x'));
    expect(loadConfig({ DATA_DIR: '/var/lib/hoppa' }).dataDir).toBe('/var/lib/hoppa');
  });

  it('fails fast with every bad variable named', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL/,
    );
  });
});
