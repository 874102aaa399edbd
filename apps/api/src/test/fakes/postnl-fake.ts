import { type Recording, recording } from './recordings.ts';
import { closeServer, type FakeRequest, listen, readRequest, sendRecording } from './serve.ts';

/** The PostNL error recordings that can be injected. */
export type PostnlErrorRecording = 'barcode/invalid' | 'labelling/error' | 'labelling/invalid';

/** A running PostNL fake (issue 14 item 5): its origin, what it received and its switches. */
export interface PostnlFake {
  url: string;
  requests: FakeRequest[];
  /** The `apikey` header value it accepts. */
  apiKey: string;
  /** Answers the next `times` requests whose path matches `path` with an error recording. */
  inject(what: PostnlErrorRecording, opts?: { times?: number; path?: RegExp }): void;
  close(): Promise<void>;
}

/**
 * Starts a fake of the PostNL Shipment API on a free port, answering from the recordings in
 * `../shared/contracts/postnl/responses`: `GET /shipment/v1_1/barcode` (barcode/singlebarcode),
 * `POST /shipment/v2_2/label` (labelling/singlelabel, base64 PDF label) and `GET /shipment/v2/status/barcode/{code}`
 * (shippingstatus/currentstatus). Without the right `apikey` header it answers 401; an unknown path 404.
 * The shipping side that calls it comes with the carrier adapters (issue 14 item 1, next session).
 */
export async function startPostnlFake(): Promise<PostnlFake> {
  const requests: FakeRequest[] = [];
  const injected: { what: PostnlErrorRecording; times: number; path?: RegExp }[] = [];
  const fake: PostnlFake = {
    url: '',
    requests,
    apiKey: 'fake-postnl-key',
    inject(what, opts = {}) {
      injected.push({ what, times: opts.times ?? 1, path: opts.path });
    },
    close: async () => {},
  };
  const answer = (r: FakeRequest): Recording => {
    if (r.headers.apikey !== fake.apiKey)
      return {
        status: 401,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          fault: {
            faultstring: 'Invalid ApiKey',
            detail: { errorcode: 'steps.oauth.v2.FailedToResolveAPIKey' },
          },
        }),
      };
    const inj = injected.find((i) => i.times > 0 && (!i.path || i.path.test(r.path)));
    if (inj) {
      inj.times -= 1;
      return recording(`postnl/responses/${inj.what}.http`);
    }
    if (r.method === 'GET' && r.path === '/shipment/v1_1/barcode')
      return recording('postnl/responses/barcode/singlebarcode.http');
    if (r.method === 'POST' && r.path === '/shipment/v2_2/label')
      return recording('postnl/responses/labelling/singlelabel.http');
    if (r.method === 'GET' && r.path.startsWith('/shipment/v2/status/barcode/'))
      return recording('postnl/responses/shippingstatus/currentstatus.http');
    return { status: 404, headers: { 'content-type': 'application/json' }, body: '{"message":"not found"}' };
  };
  const { server, url } = await listen(async (req, res) => {
    const r = await readRequest(req);
    requests.push(r);
    sendRecording(res, answer(r));
  });
  fake.url = url;
  fake.close = () => closeServer(server);
  return fake;
}
