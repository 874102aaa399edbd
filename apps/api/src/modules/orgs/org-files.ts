import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  newId,
  ORG_LOGO_MAX_BYTES,
  ORG_VAT_DOC_MAX_BYTES,
  type OrgLogoInputSchema,
  type OrgVatDocInputSchema,
} from '@hoppa/core';
import type { z } from 'zod';
import { HttpProblem } from '../../lib/errors.ts';
import { imageTypeOf } from '../../lib/images.ts';

/** A checked logo, ready to store: its bytes (an SVG sanitised) and type. */
export interface CheckedLogo {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg' | 'image/svg+xml';
}

const bad = (message: string) => new HttpProblem(400, 'invalid_upload', message);

function decode(b64: string, max: number, what: string): Buffer {
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length === 0) throw bad(`${what} is empty`);
  if (bytes.length > max) throw new HttpProblem(400, 'file_too_large', `${what} exceeds ${max / 2 ** 20} MB`);
  return bytes;
}

/**
 * Sanitises an SVG with DOMPurify (SVG profile, on a jsdom window, loaded on first use): scripts, event handlers,
 * `<foreignObject>`, external references and `javascript:` links are removed. Throws `invalid_upload` when nothing
 * that is an `<svg>` element is left.
 */
export async function sanitiseSvg(text: string): Promise<string> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  const clean = purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'style'],
    FORBID_ATTR: ['xlink:href', 'href'],
  });
  window.close();
  if (!/^\s*<svg[\s>]/i.test(clean)) throw bad('Logo is not an SVG image');
  return clean;
}

/**
 * Checks a logo (spec 3 §5: PNG, JPEG or SVG, at most 2 MB): PNG and JPEG by their bytes (whatever the extension
 * claims, they must agree: a PNG sent as `svg` is refused), SVG parsed and sanitised ({@link sanitiseSvg}).
 */
export async function checkLogo(input: z.infer<typeof OrgLogoInputSchema>): Promise<CheckedLogo> {
  const bytes = decode(input.img_data, ORG_LOGO_MAX_BYTES, 'Logo');
  if (input.img_ext === 'svg') {
    const clean = await sanitiseSvg(bytes.toString('utf8'));
    return { bytes: Buffer.from(clean, 'utf8'), mime: 'image/svg+xml' };
  }
  const type = imageTypeOf(bytes);
  const expected = input.img_ext === 'png' ? 'image/png' : 'image/jpeg';
  if (type !== expected) throw bad('Logo accepts PNG, JPEG or SVG');
  return { bytes, mime: expected };
}

/**
 * Checks a VAT exemption document (spec 3 §5 'VAT exemption accepts PDF'; at most 5 MB): it must start with `%PDF-`
 * and load as a PDF with at least one page (pdf-lib), so a renamed file is refused.
 */
export async function checkVatDoc(input: z.infer<typeof OrgVatDocInputSchema>): Promise<Buffer> {
  const bytes = decode(input.data, ORG_VAT_DOC_MAX_BYTES, 'VAT exemption document');
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw bad('VAT exemption accepts PDF');
  // pdf-lib loads on first use: it is ≈ 0.2–0.5 CPU s of the API's start-up (docs/decisions/0088-*.md).
  const { PDFDocument } = await import('pdf-lib');
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    if (doc.getPageCount() < 1) throw new Error('no pages');
  } catch {
    throw bad('VAT exemption accepts PDF');
  }
  return bytes;
}

const dirOf = (dataDir: string, orgId: string) => join(dataDir, 'uploads', 'orgs', orgId);

/** Stores a file of organisation `orgId` under `DATA_DIR/uploads/orgs/<org>/`; answers the stored file's name. */
export async function storeOrgFile(
  dataDir: string,
  orgId: string,
  ext: string,
  bytes: Buffer,
): Promise<string> {
  const dir = dirOf(dataDir, orgId);
  await mkdir(dir, { recursive: true });
  const file = `${newId()}.${ext}`;
  await writeFile(join(dir, file), bytes);
  return file;
}

/** Reads a stored file of organisation `orgId` (see {@link storeOrgFile}). */
export function readOrgFile(dataDir: string, orgId: string, file: string): Promise<Buffer> {
  return readFile(join(dirOf(dataDir, orgId), file));
}

/** Removes a replaced file; a file already gone is fine. */
export async function removeOrgFile(dataDir: string, orgId: string, file: string | null): Promise<void> {
  if (file) await rm(join(dirOf(dataDir, orgId), file), { force: true });
}
