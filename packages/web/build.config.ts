/**
 * The built files both apps keep brotli and gzip copies of (vite-plugin-compression2's `include`): its text formats
 * plus the camera's barcode reader (`.wasm`, ≈ 1.1 MB raw, ≈ 450 KB brotli). The API serves the copies
 * (apps/api lib/static.ts).
 */
export const PRECOMPRESSED = /\.(html|xml|css|json|js|mjs|svg|yaml|yml|toml|wasm|webmanifest)$/;
