/** A fake `fetch` for screen tests (shared copy of the API connections screens' helper, for features that may not import another feature). */
/** One request the fake API saw: method, path, query string and JSON body. */
export interface Call {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/**
 * A `fetch` answering `'<METHOD> <path>'` routes with JSON (or a function of the call, which may return a promise to
 * answer later), 404 otherwise, recording every
 * call in `calls` (the API connections screens' tests).
 */
export function fakeApi(
  routes: Record<string, unknown | ((c: Call) => unknown)>,
  calls: Call[] = [],
): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(req.url);
    const text = req.method === 'GET' || req.method === 'DELETE' ? '' : await req.text();
    const call: Call = {
      method: req.method,
      path: url.pathname,
      search: url.search,
      body: text ? JSON.parse(text) : null,
    };
    calls.push(call);
    const route = routes[`${req.method} ${url.pathname}`];
    if (route === undefined)
      return Response.json({ statusCode: 404, code: 'not_found', message: 'Not found' }, { status: 404 });
    // A function may answer later (a promise): a screen's loading state can be held open by the test.
    const answer = await (typeof route === 'function' ? (route as (c: Call) => unknown)(call) : route);
    return answer instanceof Response ? answer : Response.json(answer);
  }) as typeof fetch;
}
