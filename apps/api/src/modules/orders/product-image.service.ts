import { orgScope, type TenantScope, tenantSql } from '../../db/tenant.ts';
import { notFound } from '../../lib/errors.ts';
import { type ImageType, readImage, storeImage } from '../../lib/images.ts';

/**
 * A product's first image (spec 1 §7 'order image by product id' `GET /product/get_image/{id}`, spec 3 §7; ADR 0040):
 * the bytes stored under `DATA_DIR/uploads/products/<product id>/` (lib/images.ts) for its first `product_images`
 * row by position. 404 'This product has no image' when none is stored (products made by import carry none yet),
 * and 404 for another organisation's product.
 */
export async function productImage(
  ctx: TenantScope,
  dataDir: string,
  productId: string,
): Promise<{ bytes: Buffer; mime: ImageType }> {
  const product = await tenantSql(ctx)
    .selectFrom('products as p')
    .leftJoin('product_images as i', (join) => join.onRef('i.product_id', '=', 'p.id').on(orgScope(ctx, 'i')))
    .select(['p.id', 'i.id as image_id', 'i.mime'])
    .where(orgScope(ctx, 'p'))
    .where('p.id', '=', productId)
    .orderBy('i.position')
    .orderBy('i.created_at')
    .limit(1)
    .executeTakeFirst();
  if (!product) throw notFound('Product not found');
  if (!product.image_id || !product.mime) throw notFound('This product has no image');
  try {
    return {
      bytes: await readImage(dataDir, 'products', productId, product.image_id, product.mime as ImageType),
      mime: product.mime as ImageType,
    };
  } catch {
    throw notFound('This product has no image');
  }
}

/**
 * Stores an image for a product (the minimal storage of ADR 0040; the product card's upload of spec 3 will call it):
 * checked by its bytes (JPEG, PNG, WebP) and size (5 MB) by `storeImage`, after the product's images. 404 for a product
 * the request may not see. Returns the image's id.
 */
export async function addProductImage(
  ctx: TenantScope,
  dataDir: string,
  productId: string,
  bytes: Uint8Array,
): Promise<string> {
  const product = await tenantSql(ctx)
    .selectFrom('products as p')
    .select(['p.id', 'p.org_id'])
    .where(orgScope(ctx, 'p'))
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!product) throw notFound('Product not found');
  const stored = await storeImage(dataDir, 'products', productId, bytes, 'image');
  const count = await tenantSql(ctx)
    .selectFrom('product_images as i')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(orgScope(ctx, 'i'))
    .where('i.product_id', '=', productId)
    .executeTakeFirstOrThrow();
  await tenantSql(ctx)
    .insertInto('product_images')
    .values({
      id: stored.id,
      product_id: productId,
      org_id: product.org_id,
      mime: stored.mime,
      size: stored.size,
      position: Number(count.n),
    })
    .execute();
  return stored.id;
}
