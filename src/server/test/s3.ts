import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { FileStoreConfig } from '../config.ts';
import { TcpProxy } from './tcp-proxy.ts';

export interface TestS3Server {
  /** What a server is configured with to use the bucket: through the proxy, so a test can cut it off. */
  fileStore: Extract<FileStoreConfig, { kind: 's3' }>;
  /** The bucket is unreachable: connections are cut and refused, until restore(). */
  cutOff(): Promise<void>;
  restore(): Promise<void>;
  /** A new, empty bucket on the same server. */
  newBucket(): Promise<Extract<FileStoreConfig, { kind: 's3' }>>;
  close(): Promise<void>;
}

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let bucketSequence = 0;

/** A real S3-compatible server (s3rver) with its own directory, behind a TCP proxy. */
export async function startTestS3Server(): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'ictacem-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  const { port } = await server.run();
  const proxy = new TcpProxy({ host: '127.0.0.1', port });
  await proxy.open();
  const client = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
  const newBucket = async () => {
    bucketSequence += 1;
    const bucket = `ictacem-test-${process.pid}-${bucketSequence}`;
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    return {
      kind: 's3' as const,
      endpoint: `http://127.0.0.1:${proxy.port}`,
      bucket,
      region: 'us-east-1',
      credentials: CREDENTIALS,
      forcePathStyle: true,
    };
  };
  return {
    fileStore: await newBucket(),
    cutOff: () => proxy.close(),
    restore: () => proxy.open(),
    newBucket,
    async close() {
      client.destroy();
      await proxy.close();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The environment that points a server process (or a script) at this bucket. */
export function s3Env(fileStore: TestS3Server['fileStore']): NodeJS.ProcessEnv {
  return {
    FILE_STORE: 's3',
    S3_ENDPOINT: fileStore.endpoint,
    S3_BUCKET: fileStore.bucket,
    S3_REGION: fileStore.region,
    S3_ACCESS_KEY_ID: fileStore.credentials!.accessKeyId,
    S3_SECRET_ACCESS_KEY: fileStore.credentials!.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    // The SDK's notice that its 2027 releases need Node 22 is not what a test reads.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
}
