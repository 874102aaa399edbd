import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_MAX_BYTES, newId } from '@hoppa/core';
import { HttpProblem } from './errors.ts';

/** An image type the apps may upload, by what its bytes start with (not by what the request says). */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/** The type of an image by its magic bytes: JPEG `FF D8 FF`, PNG `89 50 4E 47 0D 0A 1A 0A`, WebP `RIFF….WEBP`; null else. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

const EXT: Record<ImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * Checks and stores an uploaded image under `DATA_DIR/uploads/<kind>/<owner>/<id>.<ext>` (spec 2 §5 Return image
 * upload, §9: jpeg, png, webp; at most 5 MB each). Errors are 400 problems with the spec's messages: 'Only the
 * following formats are allowed: jpeg, png, webp.' and 'File "{file}" exceeds the maximum size of 5MB.'.
 */
export async function storeImage(
  dataDir: string,
  kind: string,
  ownerId: string,
  body: unknown,
  fileName: string,
): Promise<{ id: string; mime: ImageType; size: number }> {
  if (!(body instanceof Uint8Array))
    throw new HttpProblem(400, 'bad_request', 'Only the following formats are allowed: jpeg, png, webp.');
  if (body.byteLength > IMAGE_MAX_BYTES)
    throw new HttpProblem(400, 'file_too_large', `File "${fileName}" exceeds the maximum size of 5MB.`);
  const mime = imageTypeOf(body);
  if (!mime)
    throw new HttpProblem(400, 'bad_request', 'Only the following formats are allowed: jpeg, png, webp.');
  const id = newId();
  const dir = join(dataDir, 'uploads', kind, ownerId);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${id}.${EXT[mime]}`), body);
  return { id, mime, size: body.byteLength };
}

/** Reads a stored image back (see {@link storeImage}). */
export function readImage(
  dataDir: string,
  kind: string,
  ownerId: string,
  id: string,
  mime: ImageType,
): Promise<Buffer> {
  return readFile(join(dataDir, 'uploads', kind, ownerId, `${id}.${EXT[mime]}`));
}
