import { parentPort } from 'node:worker_threads';
import { capDecodedStreams, inspectPdf, UNREADABLE } from './pdf-inspect.ts';

// A worker thread's life: files' bytes in, one at a time, their facts out (preflight-pool.ts
// starts it with a time and a memory limit; a file that passes either ends the thread, not the server).
capDecodedStreams();
parentPort!.on('message', (bytes: Uint8Array) => {
  void inspectPdf(bytes)
    // A structure the walk gives up on (too many objects, too deep) is a file that cannot be read.
    .catch(() => UNREADABLE)
    .then((facts) => parentPort!.postMessage(facts));
});
