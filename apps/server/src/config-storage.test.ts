import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** Storage and upload settings: local disk unless a bucket is named; a bucket needs its credentials. */

function problemsOf(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

const S3 = {
  S3_BUCKET: 'capture-deliverables',
  S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};

describe('storage configuration', () => {
  it('keeps files on local disk with a 100 GB upload limit by default', () => {
    const config = loadConfig({});
    expect(config.s3).toBeUndefined();
    expect(config.uploadMaxBytes).toBe(100_000_000_000);
    expect(config.uploadReservedBytesPerOrg).toBe(200_000_000_000);
  });

  it('bounds the space an organisation’s unfinished uploads reserve, never below the largest file', () => {
    expect(loadConfig({ UPLOAD_RESERVED_BYTES_PER_ORG: '500000000000' }).uploadReservedBytesPerOrg).toBe(
      500 * 1000 ** 3,
    );
    expect(loadConfig({ UPLOAD_MAX_BYTES: String(300 * 1000 ** 3) }).uploadReservedBytesPerOrg).toBe(300 * 1000 ** 3);
    expect(problemsOf({ UPLOAD_MAX_BYTES: '2000', UPLOAD_RESERVED_BYTES_PER_ORG: '1000' })).toContain(
      'UPLOAD_RESERVED_BYTES_PER_ORG: expected at least UPLOAD_MAX_BYTES (2000)',
    );
    expect(problemsOf({ UPLOAD_RESERVED_BYTES_PER_ORG: 'plenty' })).toContain('UPLOAD_RESERVED_BYTES_PER_ORG');
  });

  it('reads an S3-compatible bucket: path style by default with an endpoint, virtual hosts on AWS', () => {
    expect(loadConfig({ ...S3, S3_ENDPOINT: 'http://minio.internal:9000' }).s3).toEqual({
      bucket: 'capture-deliverables',
      endpoint: 'http://minio.internal:9000',
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: S3.S3_SECRET_ACCESS_KEY,
      forcePathStyle: true,
    });
    const aws = loadConfig({ ...S3, S3_REGION: 'eu-west-1' }).s3;
    expect(aws).toMatchObject({ endpoint: undefined, region: 'eu-west-1', forcePathStyle: false });
    expect(loadConfig({ ...S3, S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(true);
  });

  it('refuses a bucket without credentials, settings without a bucket and bad values, never showing the secret', () => {
    expect(problemsOf({ S3_BUCKET: 'capture-deliverables' })).toContain(
      'S3_ACCESS_KEY_ID: required when S3_BUCKET is set',
    );
    expect(problemsOf({ S3_ENDPOINT: 'http://minio:9000' })).toContain('S3_BUCKET: required when S3_ENDPOINT is set');
    expect(problemsOf({ ...S3, S3_BUCKET: 'Not_A_Bucket' })).toContain('S3_BUCKET: expected a bucket name');
    expect(problemsOf({ ...S3, S3_ENDPOINT: 'minio:9000' })).toContain('S3_ENDPOINT: expected a URL');
    expect(problemsOf({ ...S3, S3_FORCE_PATH_STYLE: 'yes' })).toContain('S3_FORCE_PATH_STYLE: expected true or false');
    expect(problemsOf({ UPLOAD_MAX_BYTES: '0' })).toContain('UPLOAD_MAX_BYTES');
    expect(problemsOf({ UPLOAD_MAX_BYTES: 'lots' })).toContain('UPLOAD_MAX_BYTES');
    // A refused secret is described by its length, never shown.
    expect(problemsOf({ ...S3, S3_SECRET_ACCESS_KEY: '   ' })).toContain('S3_SECRET_ACCESS_KEY: ');
    expect(problemsOf({ ...S3, S3_SECRET_ACCESS_KEY: '   ' })).toContain('(got a value of 3 characters)');
  });
});
