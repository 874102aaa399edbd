import { createApiClient, request, loginEndpoint, currentUserEndpoint, ApiError } from '/work/main/packages/core/src/index.ts';
const c = createApiClient({ app: 'portal', prefix: 'http://localhost:8104/api' });
try { await request(c, loginEndpoint, { body: { email: 'owner@bakkerijbol.nl', password: 'x' } }); } catch (e) { console.log((e as ApiError).status, JSON.stringify((e as ApiError).body)); }
const dead = createApiClient({ app: 'portal', prefix: 'http://localhost:1/api' });
try { await request(dead, currentUserEndpoint, {}); } catch (e) { console.log(e instanceof ApiError, (e as ApiError).status, (e as Error).message); }
