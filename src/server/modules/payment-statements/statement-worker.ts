import { parentPort, workerData } from 'node:worker_threads';
import type { ColumnMapping } from '@shared/domain/payment-statements.ts';
import { readStatement } from './statement-reader.ts';

// One statement's life in a thread of its own (read-in-worker.ts starts it with a time and a
// memory limit): its bytes and the column mapping in, the rows or the refusal out.
const { bytes, mapping } = workerData as { bytes: Uint8Array; mapping: ColumnMapping | null };
parentPort!.postMessage(readStatement(bytes, mapping));
