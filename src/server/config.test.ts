import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for a newcomer', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      basePath: '/ictacem2025',
      dataDir: './data',
      databaseUrl: undefined,
      registrationOpen: false,
      publicUrl: 'http://localhost:3000',
    });
  });

  it('serves under BASE_PATH, and the conference the pages carry names it, so the client follows', () => {
    const config = loadConfig({ BASE_PATH: '/elsewhere' });
    expect(config.basePath).toBe('/elsewhere');
    expect(config.conference.basePath).toBe('/elsewhere');
  });

  it('builds the e-mailed address on the port served when PUBLIC_URL is not set', () => {
    expect(loadConfig({ PORT: '3999' })).toMatchObject({
      publicUrl: 'http://localhost:3999',
      publicUrlFollowsPort: true,
    });
    expect(loadConfig({ PORT: '3999', PUBLIC_URL: 'https://conf.example' })).toMatchObject({
      publicUrl: 'https://conf.example',
      publicUrlFollowsPort: false,
    });
  });

  it('reads flags and lists every problem at once', () => {
    expect(loadConfig({ REGISTRATION_OPEN: 'true', PUBLIC_URL: 'https://conf.example/' }).publicUrl).toBe(
      'https://conf.example',
    );
    expect(loadConfig({ REGISTRATION_OPEN: 'true' }).registrationOpen).toBe(true);
    expect(loadConfig({}).ipRateLimitFactor).toBe(1);
    expect(loadConfig({ IP_RATE_LIMIT_FACTOR: '50' }).ipRateLimitFactor).toBe(50);
    expect(() => loadConfig({ IP_RATE_LIMIT_FACTOR: '0' })).toThrow(/IP_RATE_LIMIT_FACTOR/);
    expect(() => loadConfig({ PORT: 'abc', PUBLIC_URL: 'not a url' })).toThrow(/PORT[\s\S]*PUBLIC_URL/);
  });

  it('reads the deadlines in ISO 8601 with an offset, and the grace period', () => {
    expect(loadConfig({}).conferenceDates).toEqual({});
    expect(loadConfig({}).deadlineGraceMs).toBe(0);
    const config = loadConfig({
      ABSTRACT_DEADLINE: '2026-10-15T23:59:59+05:30',
      FULL_PAPER_DEADLINE: '2026-12-10T18:29:59Z',
      DEADLINE_GRACE_MINUTES: '10',
    });
    expect(config.conferenceDates).toEqual({
      abstractDeadline: '2026-10-15T23:59:59+05:30',
      fullPaperDeadline: '2026-12-10T18:29:59Z',
    });
    expect(config.deadlineGraceMs).toBe(600_000);
    expect(() => loadConfig({ ABSTRACT_DEADLINE: '2026-10-15 23:59' })).toThrow(
      /ABSTRACT_DEADLINE: ABSTRACT_DEADLINE: enter a date and time in ISO 8601 with its offset/,
    );
    expect(() => loadConfig({ PAYMENT_DEADLINE: '2026-10-15T23:59:59' })).toThrow(/PAYMENT_DEADLINE/);
  });

  it('reads the conference days and every other date from its variable, in ISO 8601 with an offset', () => {
    const config = loadConfig({
      CONFERENCE_STARTS: '2027-12-13T09:00:00+0530',
      CONFERENCE_ENDS: '2027-12-15T18:00:00+05:30',
      NOTIFICATION_DATE: '2027-11-05T23:59:59+05:30',
      ABSTRACT_OPENS: '2027-07-01T00:00:00+05:30',
    });
    expect(config.conferenceDates).toEqual({
      abstractOpens: '2027-07-01T00:00:00+05:30',
      notification: '2027-11-05T23:59:59+05:30',
      conferenceStarts: '2027-12-13T09:00:00+05:30',
      conferenceEnds: '2027-12-15T18:00:00+05:30',
    });
    expect(() => loadConfig({ CONFERENCE_STARTS: '2027-12-13', CONFERENCE_ENDS: '2027-02-30T18:00:00+05:30' })).toThrow(
      /CONFERENCE_STARTS: CONFERENCE_STARTS: enter a date and time in ISO 8601[\s\S]*CONFERENCE_ENDS: CONFERENCE_ENDS: enter/,
    );
  });

  it('needs the admin e-mail and password together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'admin@conf.example' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(loadConfig({ ADMIN_EMAIL: 'Admin@Conf.example', ADMIN_PASSWORD: 'secret-admin-12' }).adminEmail).toBe(
      'admin@conf.example',
    );
  });

  it('reads the S3 file store and refuses an incomplete one', () => {
    expect(loadConfig({}).fileStore).toEqual({ kind: 'local' });
    expect(
      loadConfig({
        FILE_STORE: 's3',
        S3_BUCKET: 'ictacem-files',
        S3_ENDPOINT: 'http://10.0.0.5:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).fileStore,
    ).toEqual({
      kind: 's3',
      bucket: 'ictacem-files',
      endpoint: 'http://10.0.0.5:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow('FILE_STORE=s3 needs S3_BUCKET');
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    );
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'Not_A_Bucket' })).toThrow(
      /S3_BUCKET must be a bucket name/,
    );
    expect(() => loadConfig({ FILE_STORE: 'ftp' })).toThrow(/FILE_STORE/);
  });
});
