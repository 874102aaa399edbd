/** API connections and bol.com (issue 14; spec 3 §7 API connections). Other code reaches the module only through this file. */
export { pullBolOrders } from './bol-intake.service.ts';
export { registerConnectionRoutes } from './connections.routes.ts';
export { connectionRow } from './connections.service.ts';
export { type SyncDeps, syncConnection } from './sync.ts';
