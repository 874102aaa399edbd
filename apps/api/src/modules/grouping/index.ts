/** Order grouping (issue 11 item 3; spec 2 §2 Order grouping, §4, §7). Other code reaches the module only through this file. */
export { registerGroupingRoutes } from './grouping.routes.ts';
