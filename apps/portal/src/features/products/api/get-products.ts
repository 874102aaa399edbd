/** Query keys of the products area; invalidate `productKeys.all` after an import or a bulk action. */
export const productKeys = {
  all: ['products'] as const,
};
