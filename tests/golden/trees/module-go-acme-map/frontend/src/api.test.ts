// Calls to the module backend (src/api.ts), through the platform's proxy as stubProxy plays it.
import { describe, expect, it } from 'vitest';

import { encryptSecret, postDemoStatus } from './api';
import { stubProxy } from './test-proxy';

describe('the calls to the module backend', () => {
  it('sends the demo payload in the envelope the proxy adds moduleContext to', async () => {
    const calls = stubProxy({ 'POST api/v1/demo/status': { status: 'ok' } });
    await postDemoStatus('m-1', { message: 'hi' });
    expect(calls).toEqual([
      expect.objectContaining({
        moduleId: 'm-1',
        method: 'POST',
        path: 'api/v1/demo/status',
        body: { payload: { message: 'hi' } },
      }),
    ]);
  });

  it('has a secret encrypted for the property that will hold it', async () => {
    const calls = stubProxy({ 'POST api/v1/secrets': { value: 'enc:v1:AAAA' } });
    await expect(encryptSecret('m-1', 'apiKey', 's3cret')).resolves.toBe('enc:v1:AAAA');
    expect(calls[0]).toEqual(
      expect.objectContaining({
        path: 'api/v1/secrets',
        body: { payload: { name: 'apiKey', value: 's3cret' } },
      }),
    );
  });

  it('says so when the backend cannot encrypt (no MODULE_SECRET_KEY: 503)', async () => {
    stubProxy({ 'POST api/v1/secrets': new Response('{"error":true}', { status: 503 }) });
    await expect(encryptSecret('m-1', 'apiKey', 's3cret')).rejects.toThrow('answered 503');
    stubProxy({ 'POST api/v1/secrets': { other: 1 } });
    await expect(encryptSecret('m-1', 'apiKey', 's3cret')).rejects.toThrow('no encrypted value');
  });
});
