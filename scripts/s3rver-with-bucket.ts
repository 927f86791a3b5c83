// An S3-compatible server (s3rver) with one empty bucket, for npm run load -- --file-store s3.
// Its own process, like the proxy, so that the uploads it receives do not hold up the load's
// clients; credentials S3RVER / S3RVER, region us-east-1, path-style addressing:
//   tsx scripts/s3rver-with-bucket.ts DIRECTORY BUCKET    (prints the port it listens on, on 127.0.0.1)
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) throw new Error('give the directory to keep the objects in and the bucket to create');

const { port } = await new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true }).run();
const client = new S3Client({
  endpoint: `http://127.0.0.1:${port}`,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
});
await client.send(new CreateBucketCommand({ Bucket: bucket }));
client.destroy();
console.log(port);
