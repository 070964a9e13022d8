/** Answers the local service sends damaged when a test asks for it (see `Fault`). */
import type { ServerResponse } from 'node:http';
import type { Answer } from './routes';

export /** `{"record": "xxxx…` without end, as fast as the client reads it (no x at all when stalled); settled when the client hangs up. */
function streamForever(res: ServerResponse, chunkBytes: number): Promise<void> {
  const chunk = Buffer.alloc(chunkBytes, 'x');
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.write('{"record": "');
  const pump = () => {
    while (chunkBytes > 0 && !res.destroyed && res.write(chunk));
  };
  res.on('drain', pump);
  pump();
  return new Promise((resolve) =>
    res.on('close', () => {
      res.off('drain', pump);
      resolve();
    }),
  );
}

/** `answer`, whose body then cannot be read (see `Fault.unreadable`). */
export function unreadable(res: ServerResponse, answer: Answer, how: 'notJson' | 'empty' | 'cutShort'): void {
  const body = Buffer.from(JSON.stringify(answer.body));
  const half = body.subarray(0, Math.floor(body.length / 2));
  if (how === 'cutShort') {
    res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Content-Length': String(body.length) });
    res.write(half, () => res.destroy());
    return;
  }
  res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(how === 'empty' ? '' : half);
}
