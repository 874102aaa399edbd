/** Returns (issue 12; spec 2 §7 Returns). Other code reaches the module only through this file. */

export { registerReturnRoutes } from './returns.routes.ts';
export { returnableByLine } from './returns.service.ts';
